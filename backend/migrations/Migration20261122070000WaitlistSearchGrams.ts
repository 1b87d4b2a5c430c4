import { Migration } from '@mikro-orm/migrations';

/**
 * Admin waitlist search for texts of any length, with or without pg_trgm: a GIN index of every 1-
 * and 2-character piece of the searched text (email, name and phone), which finds a rare short
 * text at once and narrows a longer one when the trigram index is missing.
 */
export class Migration20261122070000WaitlistSearchGrams extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function waitlist_search_grams(t text) returns text[]
        language sql immutable strict parallel safe
        as $$ select coalesce(array_agg(distinct substr(t, i, n)), '{}')
                from generate_series(1, 2) n, generate_series(1, length(t) - n + 1) i $$;`);
    // What a searched text's row must hold: the text itself up to 2 characters, else its 2-character pieces.
    this.addSql(`
      create function waitlist_search_keys(t text) returns text[]
        language sql immutable strict parallel safe
        as $$ select case when length(t) <= 2 then array[t]
                          else array(select distinct substr(t, i, 2) from generate_series(1, length(t) - 1) i) end $$;`);
    this.addSql(`
      create index waitlist_entries_search_grams_idx on waitlist_entries using gin (
        waitlist_search_grams(lower(email || ' ' || coalesce(full_name, '') || ' ' || coalesce(phone_number, ''))));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists waitlist_entries_search_grams_idx;');
    this.addSql('drop function if exists waitlist_search_keys(text);');
    this.addSql('drop function if exists waitlist_search_grams(text);');
  }
}
