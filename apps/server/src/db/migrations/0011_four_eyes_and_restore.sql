-- Four eyes and restorable deletion (issue 13).

-- Who saved the document last through the upload form (the upload, or the latest edit): an
-- admin may not validate what they uploaded or last edited (docs/decisions.md, Validation).
-- Imported documents have neither owner nor editor.
alter table documents add column modified_by text references employees (id);

-- Documents from before this column: the audit log knows who uploaded or edited them last;
-- failing that, the owner uploaded them and nobody edited them through the portal.
update documents d
   set modified_by = coalesce(
         (select a.actor_id from audit_log a
           where a.document_id = d.id and a.action in ('document_uploaded', 'document_edited')
           order by a.at desc, a.id desc
           limit 1),
         d.owner_id);

-- The restore list (newest deletion first) and the purge (deleted before the cutoff) read
-- the few deleted documents only.
create index documents_deleted_at on documents (deleted_at desc) where deleted_at is not null;
