import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PointsService } from '../../gamification/application/points.service';

/** One day the golfer worked out: GET /api/user-sessions/{userId}. */
export interface WorkoutSession {
  /** The local day, 'YYYY-MM-DD'. */
  date: string;
  exercisesCompleted: number;
  /** Exercises in that day's workout. */
  exercisesPlanned: number;
  /** Exercise points earned that day. */
  pointsEarned: number;
}

const SESSION_LIMIT = 100;

/** The golfer's completed workout days, newest first: days with at least one completion. */
@Injectable()
export class WorkoutSessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly points: PointsService,
  ) {}

  async sessions(userId: string): Promise<WorkoutSession[]> {
    const [rows, points] = await Promise.all([
      this.em
        .fork()
        .getConnection()
        .execute<Array<{ date: string; completed: string; planned: number | null }>>(
          `select to_char(c."workout_date", 'YYYY-MM-DD') as "date", count(*) as "completed",
                  jsonb_array_length(w."exercises") as "planned"
             from "exercise_completions" c
             left join "daily_workouts" w
               on w."user_id" = c."user_id" and w."workout_date" = c."workout_date"
            where c."user_id" = ?
            group by c."workout_date", w."id"
            order by c."workout_date" desc
            limit ?`,
          [userId, SESSION_LIMIT],
          'all',
        ),
      this.points.exercisePointsByDay(userId),
    ]);
    return rows.map((r) => ({
      date: r.date,
      exercisesCompleted: Number(r.completed),
      exercisesPlanned: r.planned ?? Number(r.completed),
      pointsEarned: points.get(r.date) ?? 0,
    }));
  }
}
