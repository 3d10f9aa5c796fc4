import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Blank optional text means "clear this field". */
const blankToNull = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? null : v;
};
/** Forms send numbers as text; '' clears the handicap; anything else non-numeric stays invalid. */
const toHandicap = ({ value }: { value: unknown }) => {
  if (value === '' || value === null) return null;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  return value;
};

@ValidatorConstraint({ name: 'tenths' })
class TenthsConstraint implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'number' && Math.abs(Math.round(value * 10) - value * 10) < 1e-9;
  }
  defaultMessage() {
    return 'Handicap can have at most one decimal place (steps of 0.1).';
  }
}

/** PATCH /api/users/{id} and the profile form: every field optional, only these fields. */
export class UpdateUserDto {
  // Sent or not, never blank: the greeting and the avatar's initial come from it.
  @ValidateIf((o: UpdateUserDto) => o.firstName !== undefined)
  @Transform(trim)
  @IsNotEmpty({ message: 'Enter your first name.' })
  @MaxLength(100, { message: 'First name can be at most 100 characters.' })
  @IsString({ message: 'Enter your first name.' })
  firstName?: string;

  @IsOptional()
  @Transform(blankToNull)
  @MaxLength(100, { message: 'Last name can be at most 100 characters.' })
  @IsString({ message: 'Last name must be text.' })
  lastName?: string | null;

  @IsOptional()
  @Transform(trim)
  @MaxLength(254, { message: 'Email can be at most 254 characters.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email?: string;

  @IsOptional()
  @Transform(toHandicap)
  @Min(-10, { message: 'Handicap must be at least -10 (a +10 handicap).' })
  @Max(54, { message: 'Handicap can be at most 54.' })
  @Validate(TenthsConstraint)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Handicap must be a number.' })
  handicap?: number | null;

  @IsOptional()
  @Transform(blankToNull)
  @MaxLength(100, { message: 'City can be at most 100 characters.' })
  @IsString({ message: 'City must be text.' })
  city?: string | null;

  @IsOptional()
  @Transform(blankToNull)
  @MaxLength(100, { message: 'State can be at most 100 characters.' })
  @IsString({ message: 'State must be text.' })
  state?: string | null;
}

export class SignUpDto {
  @Transform(trim)
  @MaxLength(254, { message: 'Email can be at most 254 characters.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email!: string;

  @MinLength(8, { message: 'Use at least 8 characters for your password.' })
  @MaxLength(128, { message: 'Use at most 128 characters for your password.' })
  @IsString({ message: 'Enter a password.' })
  password!: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'Enter your first name.' })
  @MaxLength(100, { message: 'First name can be at most 100 characters.' })
  @IsString({ message: 'Enter your first name.' })
  firstName!: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'Enter your last name.' })
  @MaxLength(100, { message: 'Last name can be at most 100 characters.' })
  @IsString({ message: 'Enter your last name.' })
  lastName!: string;
}

export class SignInDto {
  @Transform(trim)
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email!: string;

  @IsNotEmpty({ message: 'Enter your password.' })
  @MaxLength(128, { message: 'Incorrect email or password.' })
  @IsString({ message: 'Enter your password.' })
  password!: string;
}

export class ChangePasswordDto {
  @IsNotEmpty({ message: 'Enter your current password.' })
  @MaxLength(128, { message: 'Your current password is not correct.' })
  @IsString({ message: 'Enter your current password.' })
  currentPassword!: string;

  @MinLength(8, { message: 'Use at least 8 characters for your password.' })
  @MaxLength(128, { message: 'Use at most 128 characters for your password.' })
  @IsString({ message: 'Enter a new password.' })
  newPassword!: string;
}
