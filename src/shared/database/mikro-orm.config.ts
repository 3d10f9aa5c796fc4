import path from 'node:path';
import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { projectRoot } from '../project-root';
import { UserEntity } from '../../modules/identity/domain/user.entity';
import { NotificationEntity } from '../../modules/notifications/domain/notification.entity';
import { SwingAnalysisEntity } from '../../modules/analysis/domain/swing-analysis.entity';
import { UploadSlotEntity } from '../../modules/analysis/domain/upload-slot.entity';
import { ExerciseEntity } from '../../modules/workout/domain/exercise.entity';
import { DailyWorkoutEntity } from '../../modules/workout/domain/daily-workout.entity';
import { PointsAwardEntity } from '../../modules/gamification/domain/points-award.entity';

/** Every entity of every module; the migrations are the schema's source of truth. */
export const ENTITIES = [
  UserEntity,
  NotificationEntity,
  SwingAnalysisEntity,
  UploadSlotEntity,
  ExerciseEntity,
  DailyWorkoutEntity,
  PointsAwardEntity,
];

const root = projectRoot();

export function ormConfig(clientUrl: string) {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      // Compiled migrations run from dist/; `create` writes TypeScript into ./migrations.
      path: path.join(root, 'dist/migrations'),
      pathTs: path.join(root, 'migrations'),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
  });
}
