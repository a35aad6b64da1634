-- What a search matches: its prefix query (features/search/text-query.ts) as a tsquery, with
-- the prefix of a word that the Dutch stemmer shortened by more than an inflection taken from
-- the word as typed (docs/search.md, "A query", step 4).
--
-- `to_tsquery('dutch', 'overheid:*')` is `'over':*`: the stemmer strips the derivational
-- ending `-heid`, so the prefix of the stem matched every word starting with `over`
-- (`overzicht`, `overnachtingen`). Here such an operand becomes `'over' | 'overheid':*`:
-- the stem as a whole word (`overheid`, `overheden`, and the part `overheid` of a compound,
-- all stored as `over`) or a word starting with the typed word (`overheidsfinancien`).
-- Inflections (`-en`, `-s`, `-e`: at most two letters) keep the stem's prefix, so `fietsen`
-- still finds `fietsenstalling` through `'fiets':*`.
--
-- The prefix words are the operands marked `:*` in the query text, which the server builds
-- from letters and digits only; a word with other than a-z and 0-9 keeps the stem's prefix.
-- Each such word is first replaced in the text by a placeholder of its own (a word with a
-- digit, which the `dutch` configuration does not stem, and which the text does not
-- contain), and the placeholder then by its two operands: rewriting the stem's operand
-- itself would also rewrite another word with the same stem (`gemeente:* |
-- gemeentelijk:*`). Immutable, as `to_tsquery` and `ts_rewrite` are: with the query as a
-- parameter it is computed once per statement, not per row.
create function portal_match_tsquery(query text) returns tsquery
  language plpgsql immutable strict parallel safe
  as $$
  declare
    marked text := query;
    word text;
    stem text;
    placeholder text;
    placeholders text[] := '{}';
    operands tsquery[] := '{}';
    matched tsquery;
  begin
    for word in
      select distinct m[1] from regexp_matches(query, '(?:^|[\s(])([a-z0-9]+):\*', 'g') as m
    loop
      stem := to_tsquery('dutch', word)::text;
      -- One lexeme (a stop word gives none).
      continue when stem !~ '^''[a-z0-9]+''$';
      stem := btrim(stem, '''');
      continue when length(stem) >= length(word) - 2;
      placeholder := 'p' || (cardinality(placeholders) + 1) || 'x';
      while position(placeholder in query) > 0 loop
        placeholder := placeholder || 'x';
      end loop;
      marked := regexp_replace(marked, '(^|[\s(])' || word || ':\*', '\1' || placeholder || ':*', 'g');
      placeholders := placeholders || placeholder;
      operands := operands || (to_tsquery('simple', stem) || to_tsquery('simple', word || ':*'));
    end loop;
    matched := to_tsquery('dutch', marked);
    for i in 1 .. cardinality(placeholders) loop
      matched := ts_rewrite(matched, to_tsquery('simple', placeholders[i]), operands[i]);
    end loop;
    return matched;
  end
  $$;
