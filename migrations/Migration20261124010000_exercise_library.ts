import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: the exercise library. Rows come from the catalog in the repository (loaded at boot
 * by ExerciseLibraryService); the database keeps them unique and sane.
 */
export class Migration20261124010000_exercise_library extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "exercises" (
        "id" uuid primary key,
        "slug" varchar(80) not null unique,
        "name" varchar(120) not null,
        "description" text not null,
        "cues" jsonb not null,
        "golf_reason" text not null,
        "category" varchar(16) not null check ("category" in ('mobility', 'strength', 'balance')),
        "focus_areas" jsonb not null,
        "difficulty" smallint not null check ("difficulty" between 1 and 5),
        "duration_seconds" integer not null check ("duration_seconds" > 0),
        "sets" integer not null check ("sets" > 0),
        "repetitions" integer not null check ("repetitions" > 0),
        "equipment" varchar(20) not null check ("equipment" in ('bodyweight', 'resistance-band')),
        "is_premium" boolean not null,
        "harder_variant" varchar(80) null,
        "illustration" jsonb not null,
        "catalog_version" integer not null,
        "active" boolean not null default true,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "exercises";`);
  }
}
