import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const USAGE_FIELDS = ['videoUploadsUsed', 'analysisViewsUsed', 'workoutViewsUsed'] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];

export class AdminLoginDto {
  @IsString({ message: 'Admin password required' })
  @MaxLength(200, { message: 'Invalid admin password' })
  password!: string;
}

export class ResetUsageDto {
  @IsIn(USAGE_FIELDS, {
    message: 'Choose videoUploadsUsed, analysisViewsUsed or workoutViewsUsed.',
  })
  field!: UsageField;
}

export class UserListQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(100)
  search = '';

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number.' })
  @Min(1)
  @Max(100_000)
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number.' })
  @Min(1)
  @Max(100)
  pageSize = 25;
}
