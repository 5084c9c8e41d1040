-- Search finds an identifier with its mask or without it (server/lib/search.ts): a record's
-- search text holds the bare digits of its identifiers. New writes add them; here the rows
-- already stored get them, with the phones and CEPs partners and sellers are now found by.
CREATE FUNCTION pg_temp.identifier_digits(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~ '^[0-9[:space:].()/+-]+$' AND length(regexp_replace(value, '\D', '', 'g')) >= 5
      THEN regexp_replace(value, '\D', '', 'g')
    ELSE NULL
  END
$$;

UPDATE "partners" AS p
SET "search_text" = trim(concat_ws(' ',
  p."search_text",
  pg_temp.identifier_digits(coalesce(p."phone", '')),
  pg_temp.identifier_digits(coalesce(p."mobile", '')),
  (SELECT string_agg(pg_temp.identifier_digits(coalesce(address->>'postal_code', '')), ' ')
   FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p."addresses") = 'array' THEN p."addresses" ELSE '[]'::jsonb END) AS address)
));

UPDATE "sellers" SET "search_text" = trim(concat_ws(' ', "search_text", pg_temp.identifier_digits(coalesce("phone", ''))))
WHERE "phone" IS NOT NULL;

UPDATE "warehouses" SET "search_text" = trim(concat_ws(' ', "search_text", pg_temp.identifier_digits(coalesce("postal_code", ''))))
WHERE "postal_code" IS NOT NULL;
