-- Accent- and case-insensitive search (docs/backoffice.md, "Search"): agents type "gomez" for "Gómez". search_fold
-- lower-cases and maps the accented Latin letters of the stores' languages (and their neighbours') to their base
-- letter. A plain function rather than the unaccent extension: it is the same on the embedded PostgreSQL, PGlite and
-- any server (unaccent is a contrib module a managed server may lack), and IMMUTABLE, so the trigram index of
-- search_text keeps serving LIKE search_fold(pattern).
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšȘșŢţŤťŦŧȚțÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž',
    'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'))
$$;--> statement-breakpoint
-- The search trigger of migration 0027, now folding search_text.
CREATE OR REPLACE FUNCTION order_items_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT customer_email, customer_firstname, customer_lastname INTO o FROM orders WHERE order_id = NEW.order_id;
  NEW.search_email := lower(coalesce(o.customer_email, ''));
  IF NEW.search_email <> '' THEN
    INSERT INTO search_emails (email) VALUES (NEW.search_email) ON CONFLICT DO NOTHING;
  END IF;
  NEW.search_text := search_fold(concat_ws(E'\n',
    NEW.referencia,
    nullif(trim(concat_ws(' ', o.customer_firstname, o.customer_lastname)), ''),
    (SELECT string_agg(line ->> 'print_value', E'\n')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.product_options) = 'array'
                                      THEN NEW.product_options ELSE '[]'::jsonb END) AS line),
    (SELECT string_agg(n.text, E'\n' ORDER BY n.id) FROM item_notes n WHERE n.item_id = NEW.item_id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE order_items SET search_text = '' WHERE search_text <> search_fold(search_text);
