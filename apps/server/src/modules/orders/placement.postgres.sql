-- Written by placement.test.ts: the placement statements as PostgreSQL receives them.

-- place-order: statement
with account as (select id, case when workshop then trade_discount else 0 end as trade_discount from users where id = $1 for update), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account) for update),
    address_hold as (
      select product_id, units from unpaid_address_holds
      where address = $2 and product_id = cast($3 as text) and (select count(*) from hold) >= 0 for update),
    product as (
      select id, name, price_cents, quantity_prices, quantity, minimum from products
      where id = cast($3 as text) and (select count(*) from address_hold) >= 0 for update),
    discount as (select id, used_count, uses_total, active from discounts where id = cast($4 as text) and (select count(*) from product) >= 0 for update),
    line_checks as (
      select
      case
        when product.id is null then 'unknown-product'
        when product.minimum > cast($5 as integer) then 'below-minimum'
        when cast($6 as bigint) * cast($5 as integer) > $7 then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + cast($5 as integer) > $8 then 'address-units'
        when product.quantity < cast($5 as integer) then 'out-of-stock'
      end as stock_refusal
      from (select 1) as here left join product on true left join address_hold on true),
    verdict as (
      select
        case
        when line_checks.part_refusal is not null then line_checks.part_refusal
        when product.price_cents <> cast($9 as bigint) or product.quantity_prices <> cast($10 as text) or account.trade_discount <> cast($11 as integer) then 'repriced'
        when account.id is null then 'unknown-account'
        when address_hold.product_id is null then 'address-unheld'
        when coalesce(hold.orders, 0) >= $12 then 'unpaid-orders'
        when coalesce(hold.units, 0) + cast($5 as integer) > $13 then 'unpaid-units'
        when (not (hold.window_started_at <= $14) and hold.placed_in_window >= $15) then 'pace'
        when cast($4 as text) is not null and (discount.id is null or not discount.active) then 'discount-invalid'
        when discount.uses_total is not null and discount.used_count >= discount.uses_total then 'discount-used-up'
        when exists (select 1 from discount_redemptions where discount_id = discount.id and redeemer_key = $16) then 'discount-used'
        when line_checks.stock_refusal is not null then line_checks.stock_refusal
      end as refusal,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then product.minimum end as minimum, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then 0 end as position,
        coalesce(hold.orders, 0) as unpaid_orders,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then cast($3 as text) end as line_product_id, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then cast($5 as integer) end as line_quantity, cast(null as text) as line_name, 1 as line_count,
        account.trade_discount as buyer_discount
      from line_checks
        left join product on true
        left join account on true
        left join hold on true
        left join address_hold on true
        left join discount on true),
    grown as (
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select $1, 1, cast($5 as integer), $17, 1 where (select refusal from verdict) is null
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= $14 then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= $14 then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= $12 or coalesce(hold.units, 0) + excluded.units > $13 or (not (hold.window_started_at <= $14) and hold.placed_in_window >= $15))
    returning user_id),
    grown_address as (
      update unpaid_address_holds set units = units + cast($5 as integer)
      where address = $2 and product_id = cast($3 as text) and exists (select 1 from grown)
      returning product_id),
    taken as (
      update products set quantity = quantity - cast($5 as integer), stock_reason = 'placed:' || cast($18 as text), updated_at = $17
      where id = cast($3 as text) and exists (select 1 from grown_address)
      returning id),
    purchase as (
      insert into purchases (id, user_id, customer_name, email, location, phone, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, region, postcode,
        shipping_method_id, shipping_method_name, shipping_days_max, arrives_from, arrives_to, discount_id, discount_code, tax_name, tax_rate, prices_include_tax, client_address, created_at, updated_at)
      select $18, $1, $19, $20, $21, $22, 'waiting',
        $23, $24, $25, $26, $27,
        $28, $29, $30, $31, $32, $33, $34, $35,
        cast($4 as text), $36, $37, $38, cast($39 as boolean), $2, $17, $17
      where exists (select 1 from taken) and exists (select 1 from taken)
      returning id),
    placed as (
      insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
      select $18, nextval('order_numbers'), $18, $1, product.id, product.name, cast($6 as bigint),
        cast($5 as integer), cast($6 as bigint) * cast($5 as integer), $40, $41, 'waiting', $17, $17 from product
      where exists (select 1 from purchase)
      returning *),
    mailed as (
      insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
      select $42, $18, 'placed', $17, $17 where exists (select 1 from placed)
      returning id),
    counted as (
      update discounts set used_count = used_count + 1 where id = cast($4 as text) and exists (select 1 from purchase)
      returning id),
    redeemed as (
      insert into discount_redemptions (discount_id, redeemer_key, purchase_id, user_id, created_at)
      select cast($4 as text), $16, $18, $1, $17 where exists (select 1 from counted)
      returning discount_id)
    select verdict.*, placed.* from verdict left join placed on true;

-- place-order: openAddressHold
insert into unpaid_address_holds (address, product_id, units) values ($1, cast($2 as text), 0)
    on conflict (address, product_id) do nothing;

-- place-checkout: statement
with cart as (select product_id, quantity, name, position from cart_lines where user_id = $1 for update), lines as (select numbered.*, cast($2 as jsonb) ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered), priced as (select * from jsonb_to_recordset(cast($3 as jsonb))
      as priced(position integer, product_id text, quantity integer, price_cents bigint, list_price_cents bigint, quantity_prices text, discount_cents bigint, tax_cents bigint)), account as (select id, case when workshop then trade_discount else 0 end as trade_discount from users where id = $1 for update), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account) for update),
    address_hold as (
    select product_id, units from unpaid_address_holds
    where address = $4 and product_id in (select product_id from lines) and (select count(*) from hold) >= 0
    order by product_id for update), product as (
    select id, name, price_cents, quantity_prices, quantity, minimum from products
    where id in (select product_id from lines) and (select count(*) from address_hold) >= 0
    order by id for update), discount as (select id, used_count, uses_total, active from discounts where id = cast($5 as text) and (select count(*) from product) >= 0 for update), line_checks as (
    select lines.position, product.minimum,
      case
        when product.id is null then 'unknown-product'
        when product.minimum > lines.quantity then 'below-minimum'
        when priced.price_cents * lines.quantity > $6 then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + lines.quantity > $7 then 'address-units'
        when product.quantity < lines.quantity then 'out-of-stock'
      end as stock_refusal
    from lines left join product on product.id = lines.product_id
      left join address_hold on address_hold.product_id = lines.product_id
      left join priced on priced.position = lines.position and priced.product_id = lines.product_id and priced.quantity = lines.quantity),
    verdict as (
    select
      case
        when not exists (select 1 from lines) then 'cart-empty'
        when part.refusal is not null then part.refusal
        when (select count(*) from priced) <> (select count(*) from lines)
        or exists (select 1 from lines join product on product.id = lines.product_id left join priced on priced.position = lines.position
          where priced.position is null or priced.product_id <> lines.product_id or priced.quantity <> lines.quantity
            or priced.list_price_cents <> product.price_cents or priced.quantity_prices <> product.quantity_prices)
        or account.trade_discount <> cast($8 as integer) then 'repriced'
        when (select sum(price_cents * quantity) from priced) > $6
          then 'checkout-too-large'
        when account.id is null then 'unknown-account'
        when exists (select 1 from lines where lines.product_id not in (select product_id from address_hold)) then 'address-unheld'
        when coalesce(hold.orders, 0) >= $9 then 'unpaid-orders'
        when coalesce(hold.units, 0) + (select sum(quantity) from lines) > $10 then 'unpaid-units'
        when (not (hold.window_started_at <= $11) and hold.placed_in_window >= $12) then 'pace'
        when cast($5 as text) is not null and (discount.id is null or not discount.active) then 'discount-invalid'
        when discount.uses_total is not null and discount.used_count >= discount.uses_total then 'discount-used-up'
        when exists (select 1 from discount_redemptions where discount_id = discount.id and redeemer_key = $13) then 'discount-used'
        when stock.refusal is not null then stock.refusal
      end as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders,
      line.product_id as line_product_id, line.quantity as line_quantity, line.name as line_name,
      (select count(*) from lines) as line_count, account.trade_discount as buyer_discount
    from (select 1) as here
      left join (select position, minimum, "part_refusal" as refusal from line_checks where "part_refusal" is not null order by position limit 1) as part on true
      left join (select position, minimum, "stock_refusal" as refusal from line_checks where "stock_refusal" is not null order by position limit 1) as stock on true
      left join lines as line on line.position = coalesce(part.position, stock.position)
      left join account on true
      left join hold on true
      left join discount on true),
    grown as (
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select $1, 1, (select sum(quantity) from lines), $14, 1 where (select refusal from verdict) is null
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= $11 then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= $11 then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= $9 or coalesce(hold.units, 0) + excluded.units > $10 or (not (hold.window_started_at <= $11) and hold.placed_in_window >= $12))
    returning user_id),
    grown_address as (
    update unpaid_address_holds set units = unpaid_address_holds.units + lines.quantity
    from lines
    where unpaid_address_holds.address = $4 and unpaid_address_holds.product_id = lines.product_id and exists (select 1 from grown)
    returning unpaid_address_holds.product_id),
    taken as (
    update products set quantity = products.quantity - lines.quantity, stock_reason = 'placed:' || lines.order_id, updated_at = $14
    from lines
    where products.id = lines.product_id and (select count(*) from grown_address) = (select count(*) from lines)
    returning products.id),
    purchase as (
    insert into purchases (id, user_id, customer_name, email, location, phone, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, region, postcode,
        shipping_method_id, shipping_method_name, shipping_days_max, arrives_from, arrives_to, discount_id, discount_code, tax_name, tax_rate, prices_include_tax, client_address, created_at, updated_at)
    select $15, $1, $16, $17, $18, $19, 'waiting',
      $20, $21, $22, $23, $24,
        $25, $26, $27, $28, $29, $30, $31, $32,
        cast($5 as text), $33, $34, $35, cast($36 as boolean), $4, $14, $14
    where exists (select 1 from taken) and (select count(*) from taken) = (select count(*) from lines)
    returning id),
    placed as (
    insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
    select lines.order_id, nextval('order_numbers'), $15, $1, lines.product_id, product.name, priced.price_cents,
      lines.quantity, priced.price_cents * lines.quantity, priced.discount_cents, priced.tax_cents, 'waiting', $14, $14
    from lines join product on product.id = lines.product_id join priced on priced.position = lines.position
    where exists (select 1 from purchase)
    order by lines.position
    returning *),
    mailed as (
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select $37, order_id, 'placed', $14, $14 from lines where position = 0 and exists (select 1 from placed)
    returning id),
    counted as (
      update discounts set used_count = used_count + 1 where id = cast($5 as text) and exists (select 1 from purchase)
      returning id),
    redeemed as (
      insert into discount_redemptions (discount_id, redeemer_key, purchase_id, user_id, created_at)
      select cast($5 as text), $13, $15, $1, $14 where exists (select 1 from counted)
      returning discount_id),
    cleared as (delete from cart_lines where user_id = $1 and exists (select 1 from placed))
    select verdict.*, placed.* from verdict left join placed on true;

-- place-checkout: openAddressHold
with cart as (select product_id, quantity, name, position from cart_lines where user_id = $1 for update), lines as (select numbered.*, cast($2 as jsonb) ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered)
    insert into unpaid_address_holds (address, product_id, units)
    select $3, product_id, 0 from lines where true
    on conflict (address, product_id) do nothing;
