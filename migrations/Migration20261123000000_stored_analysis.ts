import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: one stored analysis. `analysis_results` holds the versioned value the jobs write (the
 * report, coaching, media, or why it failed); `status` alone says where an analysis stands. What
 * older rows kept elsewhere moves in (a failure from technical_details, mobility texts and
 * timings), then technical_details, mobility_analysis, has_error and is_complete go: the API
 * derives them from status and analysis_results.
 */
export class Migration20261123000000_stored_analysis extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update "swing_analyses" set "analysis_results" = jsonb_build_object(
          'version', 2, 'report', null, 'coaching', null,
          'media', jsonb_build_object('poseTracks', '[]'::jsonb, 'eventStills', '[]'::jsonb),
          'timings', null,
          'failure', jsonb_build_object(
            'reason', coalesce("technical_details" ->> 'reason', 'internal'),
            'title', coalesce("technical_details" ->> 'title', "technical_details" ->> 'error', ''),
            'message', coalesce("technical_details" ->> 'message', '')))
        where "status" = 'failed';`);
    // Older finished rows: keep their timings and mobility texts beside the report (objects only;
    // JSON text stays as it is, the reader parses it).
    this.addSql(`
      update "swing_analyses" set "analysis_results" = coalesce("analysis_results", '{}'::jsonb)
          || case when jsonb_typeof("technical_details" -> 'timings') = 'object'
               then jsonb_build_object('timings', "technical_details" -> 'timings') else '{}'::jsonb end
          || case when "mobility_analysis" is not null
                    and not coalesce("analysis_results" ? 'mobilityAnalysis', false)
               then jsonb_build_object('mobilityAnalysis', "mobility_analysis") else '{}'::jsonb end
        where "status" = 'complete'
          and ("analysis_results" is null or jsonb_typeof("analysis_results") = 'object');`);
    this.addSql(`
      alter table "swing_analyses"
        drop column "technical_details",
        drop column "mobility_analysis",
        drop column "has_error",
        drop column "is_complete";`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "swing_analyses"
        add column "technical_details" jsonb null,
        add column "mobility_analysis" jsonb null,
        add column "has_error" boolean not null default false,
        add column "is_complete" boolean not null default false;`);
    this.addSql(`
      update "swing_analyses" set
          "has_error" = "status" = 'failed',
          "is_complete" = "status" = 'complete',
          "technical_details" = case
            when "status" = 'failed' then jsonb_build_object(
              'error', coalesce(nullif("analysis_results" #>> '{failure,title}', ''), 'Analysis Failed'),
              'reason', "analysis_results" #>> '{failure,reason}',
              'title', coalesce(nullif("analysis_results" #>> '{failure,title}', ''), 'Analysis Failed'),
              'message', "analysis_results" #>> '{failure,message}')
            when "status" = 'complete' then jsonb_build_object('schemaVersion', 1) end,
          "mobility_analysis" = "analysis_results" #> '{report,assessment,mobilityAnalysis}';`);
  }
}
