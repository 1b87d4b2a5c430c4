import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PREFERENCE_KINDS, type PreferenceKind } from '../preference-kinds';
import { trimmed } from '../../../common/trimmed';

/** The longest entry: a sentence or two ('Window seat, never before 10:00, Emirates when possible'). */
export const LONGEST_VALUE = 300;

/** The longest staff note. */
const LONGEST_NOTE = 2000;

export class PreferenceValueDto {
  @Transform(trimmed)
  @MaxLength(LONGEST_VALUE, { message: `Please keep it under ${LONGEST_VALUE} characters` })
  @IsNotEmpty({ message: 'Please say what we should remember' })
  @IsString({ message: 'Please say what we should remember' })
  value: string;
}

/** 'Add' in 'What we remember', or staff adding to a member's profile. */
export class AddPreferenceDto extends PreferenceValueDto {
  @IsIn([...PREFERENCE_KINDS], { message: 'Please choose what this is about' })
  kind: PreferenceKind;
}

export class MemoryPausedDto {
  @IsBoolean({ message: 'Paused must be true or false' })
  paused: boolean;
}

export class StaffNoteDto {
  @Transform(trimmed)
  @MaxLength(LONGEST_NOTE, { message: `Please keep the note under ${LONGEST_NOTE} characters` })
  @IsNotEmpty({ message: 'Please write the note' })
  @IsString({ message: 'Please write the note' })
  text: string;
}
