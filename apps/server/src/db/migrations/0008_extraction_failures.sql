-- Why a file's text could not be read (issue 12): over a cap, too slow, too much memory,
-- password-protected or damaged. In Dutch, shown to the file's owner and to admins; null
-- while pending and once extracted.
alter table document_files add column extraction_error text
  check (char_length(extraction_error) <= 500);
