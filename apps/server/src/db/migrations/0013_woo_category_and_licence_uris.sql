-- The Woo information category of a document (one of the 17 of Woo article 3.3, by the
-- three-digit number of the DiWoo list, packages/contract/src/woo.ts), or null: not a
-- document the city publishes under the Woo.
alter table documents add column woo_category text
  check (woo_category ~ '^(00[1-9]|01[0-7])$');

-- The DiWoo sitemaps read the published documents of one category in id order.
create index documents_woo_category_idx on documents (woo_category, id)
  where woo_category is not null and status = 'goedgekeurd' and deleted_at is null;

-- A licence on the EU licence list is stored as its URI (decisions.md); the upload form's
-- three licences were stored as SPDX identifiers until now.
alter table documents alter column license
  set default 'http://publications.europa.eu/resource/authority/licence/CC0';
update documents set license = case lower(btrim(license))
    when 'cc0-1.0' then 'http://publications.europa.eu/resource/authority/licence/CC0'
    when 'cc-by-4.0' then 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0'
    when 'cc-by-sa-4.0' then 'http://publications.europa.eu/resource/authority/licence/CC_BYSA_4_0'
  end
 where lower(btrim(license)) in ('cc0-1.0', 'cc-by-4.0', 'cc-by-sa-4.0');
