-- The dashboard's figures without a pass over the wide document rows (GET /search/dashboard).
-- Uploads per month: employees' uploads (no external key) by creation time, as a range scan.
create index documents_uploaded_at on documents (created_at) where external_key is null;
-- Documents per content type, counted from the index alone.
create index documents_content_type on documents (content_type_id) where deleted_at is null;
