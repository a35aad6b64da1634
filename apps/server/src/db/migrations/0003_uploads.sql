-- Uploads by employees.

-- The managed list of content types (decisions.md), so an upload form has choices on a
-- server without the demo content. Admins may add more; names stay unique case-insensitively.
insert into content_types (name)
select name from unnest(array['Dataset', 'Rapport', 'Kaart', 'Beleidsdocument', 'Raadsinformatie',
                               'Dashboard', 'Overig']) with ordinality as t(name, n)
 order by n
on conflict do nothing;

-- Which claim of a job a worker holds: a worker whose lease ran out (and whose job another
-- worker took over) can no longer finish or fail it.
alter table jobs add column locked_by text;
-- Claimed jobs whose lease ran out (the worker died) are taken over by the next poll.
create index jobs_running on jobs (locked_at) where status = 'running';
