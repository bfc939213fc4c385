-- Written by placement.test.ts: the placement statements as PostgreSQL receives them.

-- place-order: statement
with account as (select id from users where id = $1 for update), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account) for update),
    address_hold as (
      select product_id, units from unpaid_address_holds
      where address = $2 and product_id = cast($3 as text) and (select count(*) from hold) >= 0 for update),
    product as (
      select id, name, price_cents, quantity, minimum from products
      where id = cast($3 as text) and (select count(*) from address_hold) >= 0 for update),
    line_checks as (
      select
      case
        when product.id is null then 'unknown-product'
        when product.minimum > cast($4 as integer) then 'below-minimum'
        when cast(product.price_cents as bigint) * cast($4 as integer) > $5 then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + cast($4 as integer) > $6 then 'address-units'
        when product.quantity < cast($4 as integer) then 'out-of-stock'
      end as stock_refusal
      from (select 1) as here left join product on true left join address_hold on true),
    verdict as (
      select
        case
        when line_checks.part_refusal is not null then line_checks.part_refusal
        when account.id is null then 'unknown-account'
        when address_hold.product_id is null then 'address-unheld'
        when coalesce(hold.orders, 0) >= $7 then 'unpaid-orders'
        when coalesce(hold.units, 0) + cast($4 as integer) > $8 then 'unpaid-units'
        when (not (hold.window_started_at <= $9) and hold.placed_in_window >= $10) then 'pace'
        when line_checks.stock_refusal is not null then line_checks.stock_refusal
      end as refusal,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then product.minimum end as minimum, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then 0 end as position,
        coalesce(hold.orders, 0) as unpaid_orders,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then cast($3 as text) end as line_product_id, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then cast($4 as integer) end as line_quantity, cast(null as text) as line_name, 1 as line_count
      from line_checks
        left join product on true
        left join account on true
        left join hold on true
        left join address_hold on true),
    grown as (
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select $1, 1, cast($4 as integer), $11, 1 where (select refusal from verdict) is null
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= $9 then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= $9 then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= $7 or coalesce(hold.units, 0) + excluded.units > $8 or (not (hold.window_started_at <= $9) and hold.placed_in_window >= $10))
    returning user_id),
    grown_address as (
      update unpaid_address_holds set units = units + cast($4 as integer)
      where address = $2 and product_id = cast($3 as text) and exists (select 1 from grown)
      returning product_id),
    taken as (
      update products set quantity = quantity - cast($4 as integer), updated_at = $11
      where id = cast($3 as text) and exists (select 1 from grown_address)
      returning id),
    purchase as (
      insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, client_address, created_at, updated_at)
      select $12, $1, $13, $14, $15, $16, 'waiting',
        cast(product.price_cents as bigint) * cast($4 as integer), $2, $11, $11 from product
      where exists (select 1 from taken) and exists (select 1 from taken)
      returning id),
    placed as (
      insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, status, created_at, updated_at)
      select $12, nextval('order_numbers'), $12, $1, product.id, product.name, product.price_cents,
        cast($4 as integer), product.price_cents * cast($4 as integer), 'waiting', $11, $11 from product
      where exists (select 1 from purchase)
      returning *),
    mailed as (
      insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
      select $17, $12, 'placed', $11, $11 where exists (select 1 from placed)
      returning id)
    select verdict.*, placed.* from verdict left join placed on true;

-- place-order: openAddressHold
insert into unpaid_address_holds (address, product_id, units) values ($1, cast($2 as text), 0)
    on conflict (address, product_id) do nothing;

-- place-checkout: statement
with cart as (select product_id, quantity, name, position from cart_lines where user_id = $1 for update), lines as (select numbered.*, cast($2 as jsonb) ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered), account as (select id from users where id = $1 for update), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account) for update),
    address_hold as (
    select product_id, units from unpaid_address_holds
    where address = $3 and product_id in (select product_id from lines) and (select count(*) from hold) >= 0
    order by product_id for update), product as (
    select id, name, price_cents, quantity, minimum from products
    where id in (select product_id from lines) and (select count(*) from address_hold) >= 0
    order by id for update), line_checks as (
    select lines.position, product.minimum,
      case
        when product.id is null then 'unknown-product'
        when product.minimum > lines.quantity then 'below-minimum'
        when cast(product.price_cents as bigint) * lines.quantity > $4 then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + lines.quantity > $5 then 'address-units'
        when product.quantity < lines.quantity then 'out-of-stock'
      end as stock_refusal
    from lines left join product on product.id = lines.product_id
      left join address_hold on address_hold.product_id = lines.product_id),
    verdict as (
    select
      case
        when not exists (select 1 from lines) then 'cart-empty'
        when part.refusal is not null then part.refusal
        when (select sum(cast(product.price_cents as bigint) * lines.quantity) from lines join product on product.id = lines.product_id) > $4
          then 'checkout-too-large'
        when account.id is null then 'unknown-account'
        when exists (select 1 from lines where lines.product_id not in (select product_id from address_hold)) then 'address-unheld'
        when coalesce(hold.orders, 0) >= $6 then 'unpaid-orders'
        when coalesce(hold.units, 0) + (select sum(quantity) from lines) > $7 then 'unpaid-units'
        when (not (hold.window_started_at <= $8) and hold.placed_in_window >= $9) then 'pace'
        when stock.refusal is not null then stock.refusal
      end as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders,
      line.product_id as line_product_id, line.quantity as line_quantity, line.name as line_name,
      (select count(*) from lines) as line_count
    from (select 1) as here
      left join (select position, minimum, "part_refusal" as refusal from line_checks where "part_refusal" is not null order by position limit 1) as part on true
      left join (select position, minimum, "stock_refusal" as refusal from line_checks where "stock_refusal" is not null order by position limit 1) as stock on true
      left join lines as line on line.position = coalesce(part.position, stock.position)
      left join account on true
      left join hold on true),
    grown as (
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select $1, 1, (select sum(quantity) from lines), $10, 1 where (select refusal from verdict) is null
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= $8 then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= $8 then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= $6 or coalesce(hold.units, 0) + excluded.units > $7 or (not (hold.window_started_at <= $8) and hold.placed_in_window >= $9))
    returning user_id),
    grown_address as (
    update unpaid_address_holds set units = unpaid_address_holds.units + lines.quantity
    from lines
    where unpaid_address_holds.address = $3 and unpaid_address_holds.product_id = lines.product_id and exists (select 1 from grown)
    returning unpaid_address_holds.product_id),
    taken as (
    update products set quantity = products.quantity - lines.quantity, updated_at = $10
    from lines
    where products.id = lines.product_id and (select count(*) from grown_address) = (select count(*) from lines)
    returning products.id),
    purchase as (
    insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, client_address, created_at, updated_at)
    select $11, $1, $12, $13, $14, $15, 'waiting',
      (select sum(cast(product.price_cents as bigint) * lines.quantity) from lines join product on product.id = lines.product_id),
      $3, $10, $10
    where exists (select 1 from taken) and (select count(*) from taken) = (select count(*) from lines)
    returning id),
    placed as (
    insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, status, created_at, updated_at)
    select lines.order_id, nextval('order_numbers'), $11, $1, lines.product_id, product.name, product.price_cents,
      lines.quantity, product.price_cents * lines.quantity, 'waiting', $10, $10
    from lines join product on product.id = lines.product_id
    where exists (select 1 from purchase)
    order by lines.position
    returning *),
    mailed as (
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select $16, order_id, 'placed', $10, $10 from lines where position = 0 and exists (select 1 from placed)
    returning id),
    cleared as (delete from cart_lines where user_id = $1 and exists (select 1 from placed))
    select verdict.*, placed.* from verdict left join placed on true;

-- place-checkout: openAddressHold
with cart as (select product_id, quantity, name, position from cart_lines where user_id = $1 for update), lines as (select numbered.*, cast($2 as jsonb) ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered)
    insert into unpaid_address_holds (address, product_id, units)
    select $3, product_id, 0 from lines where true
    on conflict (address, product_id) do nothing;
