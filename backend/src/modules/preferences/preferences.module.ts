import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembersModule } from '../members';
import { MemberMemorySettings } from './member-memory-settings.entity';
import { MemberPreference } from './member-preference.entity';
import { MemberPreferencesController } from './member-preferences.controller';
import { MemberStaffNote } from './member-staff-note.entity';
import { PreferencesAdminController } from './preferences-admin.controller';
import { PreferencesService } from './preferences.service';
import { PreferencesPersonalData } from './preferences.personal-data';

@Module({
  imports: [MikroOrmModule.forFeature([MemberPreference, MemberStaffNote, MemberMemorySettings]), MembersModule],
  controllers: [MemberPreferencesController, PreferencesAdminController],
  providers: [PreferencesPersonalData, PreferencesService],
  exports: [PreferencesService],
})
export class PreferencesModule {}
