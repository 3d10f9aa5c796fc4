import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 13: a notification may open a page (its analysis), and a failed analysis gives its
 * upload slot back, also for analyses that failed before this release.
 */
export class Migration20261124000000_slots_follow_analyses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" add column "link" varchar(200) null;`);
    this.addSql(`
      delete from "upload_slots"
        where "analysis_id" in (select "id" from "swing_analyses" where "status" = 'failed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications" drop column "link";`);
  }
}
