import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: an exercise's curated video (at most one each). Operators fill it (issue 16's
 * spreadsheet import); without a row, Watch offers a search link instead.
 */
export class Migration20261125010000_exercise_videos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "exercise_videos" (
        "id" uuid primary key default gen_random_uuid(),
        "exercise_slug" varchar(80) not null unique
          references "exercises" ("slug") on update cascade on delete cascade,
        "video_id" varchar(11) not null unique check ("video_id" ~ '^[A-Za-z0-9_-]{11}$'),
        "title" varchar(200) not null check (length(trim("title")) > 0),
        "thumbnail_url" text null,
        "duration_seconds" integer null check ("duration_seconds" > 0),
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "exercise_videos";`);
  }
}
