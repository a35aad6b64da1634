/**
 * The counts of the matches `m`, read in one pass: a grouping-sets aggregation over the
 * small integer columns of the entries (kind; year and stars; theme set), whose few hundred
 * rows are then named and split, as the columns of `FacetCounts` (engine.ts). Labels
 * (employees only) are counted by their names, as few documents carry any.
 */
export function countsSql(withLabels: boolean) {
  const labels = withLabels
    ? `coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
         from (select u.name as key, count(*)::int as n
                 from m cross join unnest(m.label_names) as u(name) group by 1) b), '[]') as labels,
       (select count(*)::int from m where m.label_names = '{}') as "withoutLabel"`
    : `null as labels, 0 as "withoutLabel"`
  return `g as (
       select kind_id, year, stars, theme_set_id, count(*)::int as n
         from m group by grouping sets ((kind_id), (year, stars), (theme_set_id))
     )
     select
       coalesce((select json_agg(k) from (
         select c.name as "contentType", s.name as source, sk.woo_category as "wooCategory", g.n as count
           from g join search_kinds sk on sk.id = g.kind_id
           join content_types c on c.id = sk.content_type_id
           join sources s on s.id = sk.source_id) k), '[]') as kinds,
       coalesce((select json_agg(p) from (
         select g.year, g.stars, g.n as count from g where g.year is not null) p), '[]') as periods,
       coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
         from (select u.name as key, sum(g.n)::int as n
                 from g join search_theme_sets t on t.id = g.theme_set_id
                 cross join unnest(t.names) as u(name) group by 1) b), '[]') as themes,
       coalesce((select sum(g.n)::int from g join search_theme_sets t on t.id = g.theme_set_id
                  where t.names = '{}'), 0) as "withoutTheme",
       ${labels}`
}

/** The columns of an entry that the page order and the counts read. */
export const entryColumns = (withLabels: boolean) =>
  `se.document_id as id, se.kind_id, se.theme_set_id,
   ${withLabels ? 'se.label_names' : `'{}'::text[] as label_names`},
   date_part('year', se.document_date)::int as year, floor(se.rating_avg)::int as stars,
   se.rating_avg, se.rating_count, se.document_date`
