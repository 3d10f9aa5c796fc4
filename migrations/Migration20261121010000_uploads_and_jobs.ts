import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 4: the analysis row becomes the job's durable state (status, lease, attempts), uploads
 * keep their input and artifacts, and upload allowances are rows the database keeps unique.
 */
export class Migration20261121010000_uploads_and_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "swing_analyses"
        add column "status" varchar(16) not null default 'queued'
          check ("status" in ('queued', 'running', 'complete', 'failed')),
        add column "attempts" integer not null default 0 check ("attempts" >= 0),
        add column "lease_owner" varchar(100) null,
        add column "lease_expires_at" timestamptz null,
        add column "completed_at" timestamptz null,
        add column "artifacts_key" text null,
        add column "upload_input" jsonb null;`);
    // Rows from before: finished ones are complete or failed by what they carry.
    this.addSql(`
      update "swing_analyses" set "status" = case
        when "has_error" or ("technical_details" -> 'error') is not null then 'failed'
        when "technical_details" is not null then 'complete'
        else 'queued' end;`);
    this.addSql(`
      create index "swing_analyses_unfinished_index" on "swing_analyses" ("status", "lease_expires_at")
        where "status" in ('queued', 'running');`);

    this.addSql(`
      create table "upload_slots" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "slot" varchar(16) not null check ("slot" in ('free', 'driver', '7-iron')),
        "period_start" timestamptz not null,
        "analysis_id" uuid null references "swing_analyses" ("id") on delete set null,
        "created_at" timestamptz not null default now(),
        constraint "upload_slots_unique" unique ("user_id", "slot", "period_start")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "upload_slots";');
    this.addSql('drop index if exists "swing_analyses_unfinished_index";');
    this.addSql(`
      alter table "swing_analyses"
        drop column "status", drop column "attempts", drop column "lease_owner",
        drop column "lease_expires_at", drop column "completed_at", drop column "artifacts_key",
        drop column "upload_input";`);
  }
}
