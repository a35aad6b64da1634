-- Metadata quality (issue 32): the period and the area a document is about, published as
-- dct:temporal and dct:spatial. Both optional; an area left empty is the city's own
-- (SPATIAL_URI, docs/configuration.md), so it is not stored with every document.
alter table documents
  add column temporal_start date,
  add column temporal_end date,
  add column spatial_uri text check (char_length(spatial_uri) <= 500),
  add constraint documents_temporal_order
    check (temporal_start is null or temporal_end is null or temporal_start <= temporal_end);
