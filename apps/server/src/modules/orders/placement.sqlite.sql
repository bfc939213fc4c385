-- Written by placement.test.ts: the placement statements as SQLite receives them.

-- place-order: verdict
with account as (select id, case when workshop then trade_discount else 0 end as trade_discount from users where id = ?), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)),
    address_hold as (
      select product_id, units from unpaid_address_holds
      where address = ? and product_id = ?),
    product as (
      select id, name, price_cents, quantity_prices, quantity, minimum from products
      where id = ?),
    discount as (select id, used_count, uses_total, active from discounts where id = ?),
    line_checks as (
      select
      case
        when product.id is null then 'unknown-product'
        when product.minimum > ? then 'below-minimum'
        when ? * ? > ? then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + ? > ? then 'address-units'
        when product.quantity < ? then 'out-of-stock'
      end as stock_refusal
      from (select 1) as here left join product on true left join address_hold on true) 
      select
        case
        when line_checks.part_refusal is not null then line_checks.part_refusal
        when product.price_cents <> ? or product.quantity_prices <> ? or account.trade_discount <> ? then 'repriced'
        when account.id is null then 'unknown-account'
        when address_hold.product_id is null then 'address-unheld'
        when coalesce(hold.orders, 0) >= ? then 'unpaid-orders'
        when coalesce(hold.units, 0) + ? > ? then 'unpaid-units'
        when (not (hold.window_started_at <= ?) and hold.placed_in_window >= ?) then 'pace'
        when ? is not null and (discount.id is null or not discount.active) then 'discount-invalid'
        when discount.uses_total is not null and discount.used_count >= discount.uses_total then 'discount-used-up'
        when exists (select 1 from discount_redemptions where discount_id = discount.id and redeemer_key = ?) then 'discount-used'
        when line_checks.stock_refusal is not null then line_checks.stock_refusal
      end as refusal,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then product.minimum end as minimum, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then 0 end as position,
        coalesce(hold.orders, 0) as unpaid_orders,
        case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then ? end as line_product_id, case when coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null then ? end as line_quantity, cast(null as text) as line_name, 1 as line_count,
        account.trade_discount as buyer_discount,
        product.name as part_name
      from line_checks
        left join product on true
        left join account on true
        left join hold on true
        left join address_hold on true
        left join discount on true;

-- place-order: growHold
insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select ?, 1, ?, ?, 1 where true
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= ? then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= ? then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= ? or coalesce(hold.units, 0) + excluded.units > ? or (not (hold.window_started_at <= ?) and hold.placed_in_window >= ?))
    returning user_id;

-- place-order: growAddressHold
update unpaid_address_holds set units = units + ?
      where address = ? and product_id = ? and true
      returning product_id;

-- place-order: takeStock
update products set quantity = quantity - ?, stock_reason = 'placed:' || cast(? as text), updated_at = ?
      where id = ? and true
      returning id;

-- place-order: recordPurchase
insert into purchases (id, user_id, customer_name, email, location, phone, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, region, postcode,
        shipping_method_id, shipping_method_name, shipping_days_max, arrives_from, arrives_to, discount_id, discount_code, tax_name, tax_rate, prices_include_tax, client_address, created_at, updated_at)
      select ?, ?, ?, ?, ?, ?, 'waiting',
        ?, ?, ?, ?, ?,
        ?, ?, ?, ?, ?, ?, ?, ?,
        ?, ?, ?, ?, ?, ?, ?, ?
      where true
      returning id;

-- place-order: recordOrders
insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
      select ?, (select coalesce(max(number), 10000) from orders) + 0 + 1, ?, ?, ?, ?, ?,
        ?, ? * ?, ?, ?, 'waiting', ?, ?
      where true
      returning *;

-- place-order: queueMail
insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
      select ?, ?, 'placed', ?, ? where true
      returning id;

-- place-order: countDiscount
update discounts set used_count = used_count + 1 where id = ? and true
      returning id;

-- place-order: redeemDiscount
insert into discount_redemptions (discount_id, redeemer_key, purchase_id, user_id, created_at)
      select ?, ?, ?, ?, ? where true
      returning discount_id;

-- place-order: openAddressHold
insert into unpaid_address_holds (address, product_id, units) values (?, ?, 0)
    on conflict (address, product_id) do nothing;

-- place-checkout: verdict
with cart as (select product_id, quantity, name, position from cart_lines where user_id = ?), lines as (select numbered.*, ? ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)), account as (select id, case when workshop then trade_discount else 0 end as trade_discount from users where id = ?), hold as (
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)),
    address_hold as (
    select product_id, units from unpaid_address_holds
    where address = ? and product_id in (select product_id from lines)
    order by product_id), product as (
    select id, name, price_cents, quantity_prices, quantity, minimum from products
    where id in (select product_id from lines)
    order by id), discount as (select id, used_count, uses_total, active from discounts where id = ?), line_checks as (
    select lines.position, product.minimum,
      case
        when product.id is null then 'unknown-product'
        when product.minimum > lines.quantity then 'below-minimum'
        when priced.price_cents * lines.quantity > ? then 'total-too-large'
      end as part_refusal,
      case
        when coalesce(address_hold.units, 0) + lines.quantity > ? then 'address-units'
        when product.quantity < lines.quantity then 'out-of-stock'
      end as stock_refusal
    from lines left join product on product.id = lines.product_id
      left join address_hold on address_hold.product_id = lines.product_id
      left join priced on priced.position = lines.position and priced.product_id = lines.product_id and priced.quantity = lines.quantity) 
    select
      case
        when not exists (select 1 from lines) then 'cart-empty'
        when part.refusal is not null then part.refusal
        when (select count(*) from priced) <> (select count(*) from lines)
        or exists (select 1 from lines join product on product.id = lines.product_id left join priced on priced.position = lines.position
          where priced.position is null or priced.product_id <> lines.product_id or priced.quantity <> lines.quantity
            or priced.list_price_cents <> product.price_cents or priced.quantity_prices <> product.quantity_prices)
        or account.trade_discount <> ? then 'repriced'
        when (select sum(price_cents * quantity) from priced) > ?
          then 'checkout-too-large'
        when account.id is null then 'unknown-account'
        when exists (select 1 from lines where lines.product_id not in (select product_id from address_hold)) then 'address-unheld'
        when coalesce(hold.orders, 0) >= ? then 'unpaid-orders'
        when coalesce(hold.units, 0) + (select sum(quantity) from lines) > ? then 'unpaid-units'
        when (not (hold.window_started_at <= ?) and hold.placed_in_window >= ?) then 'pace'
        when ? is not null and (discount.id is null or not discount.active) then 'discount-invalid'
        when discount.uses_total is not null and discount.used_count >= discount.uses_total then 'discount-used-up'
        when exists (select 1 from discount_redemptions where discount_id = discount.id and redeemer_key = ?) then 'discount-used'
        when stock.refusal is not null then stock.refusal
      end as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders,
      line.product_id as line_product_id, line.quantity as line_quantity, line.name as line_name,
      (select count(*) from lines) as line_count, account.trade_discount as buyer_discount,
      (select json_group_array(json_object('product_id', lines.product_id, 'quantity', lines.quantity, 'position', lines.position,
          'order_id', lines.order_id, 'part_name', product.name))
        from lines join product on product.id = lines.product_id) as placed_lines
    from (select 1) as here
      left join (select position, minimum, "part_refusal" as refusal from line_checks where "part_refusal" is not null order by position limit 1) as part on true
      left join (select position, minimum, "stock_refusal" as refusal from line_checks where "stock_refusal" is not null order by position limit 1) as stock on true
      left join lines as line on line.position = coalesce(part.position, stock.position)
      left join account on true
      left join hold on true
      left join discount on true;

-- place-checkout: growHold
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select ?, 1, (select sum(quantity) from lines), ?, 1 where true
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= ? then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= ? then excluded.window_started_at else hold.window_started_at end
    where not (coalesce(hold.orders, 0) >= ? or coalesce(hold.units, 0) + excluded.units > ? or (not (hold.window_started_at <= ?) and hold.placed_in_window >= ?))
    returning user_id;

-- place-checkout: growAddressHold
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    update unpaid_address_holds set units = unpaid_address_holds.units + lines.quantity
    from lines
    where unpaid_address_holds.address = ? and unpaid_address_holds.product_id = lines.product_id and true
    returning unpaid_address_holds.product_id;

-- place-checkout: takeStock
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    update products set quantity = products.quantity - lines.quantity, stock_reason = 'placed:' || lines.order_id, updated_at = ?
    from lines
    where products.id = lines.product_id and true
    returning products.id;

-- place-checkout: recordPurchase
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    insert into purchases (id, user_id, customer_name, email, location, phone, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, region, postcode,
        shipping_method_id, shipping_method_name, shipping_days_max, arrives_from, arrives_to, discount_id, discount_code, tax_name, tax_rate, prices_include_tax, client_address, created_at, updated_at)
    select ?, ?, ?, ?, ?, ?, 'waiting',
      ?, ?, ?, ?, ?,
        ?, ?, ?, ?, ?, ?, ?, ?,
        ?, ?, ?, ?, ?, ?, ?, ?
    where true
    returning id;

-- place-checkout: recordOrders
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
    select lines.order_id, (select coalesce(max(number), 10000) from orders) + lines.position + 1, ?, ?, lines.product_id, lines.part_name, priced.price_cents,
      lines.quantity, priced.price_cents * lines.quantity, priced.discount_cents, priced.tax_cents, 'waiting', ?, ?
    from lines join priced on priced.position = lines.position
    where true
    order by lines.position
    returning *;

-- place-checkout: queueMail
with lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(?)), priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(?)) 
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select ?, order_id, 'placed', ?, ? from lines where position = 0 and true
    returning id;

-- place-checkout: countDiscount
update discounts set used_count = used_count + 1 where id = ? and true
      returning id;

-- place-checkout: redeemDiscount
insert into discount_redemptions (discount_id, redeemer_key, purchase_id, user_id, created_at)
      select ?, ?, ?, ?, ? where true
      returning discount_id;

-- place-checkout: openAddressHold
with cart as (select product_id, quantity, name, position from cart_lines where user_id = ?), lines as (select numbered.*, ? ->> numbered.position as order_id from (select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart) as numbered)
    insert into unpaid_address_holds (address, product_id, units)
    select ?, product_id, 0 from lines where true
    on conflict (address, product_id) do nothing;

-- place-checkout: clearCart
delete from cart_lines where user_id = ? and true;
