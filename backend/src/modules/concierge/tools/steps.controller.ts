import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData } from '../../../common/api-schema';
import { AppError } from '../../../common/app-error';
import type { ReplyStep } from '../../../platform/ai/types';
import { ConciergeSessionGuard, ConciergeSessionId } from '../concierge-session.guard';
import { memberIdOf } from '../concierge-session.service';
import { AnswerStepDto } from '../dto/threads.dto';
import { REPLY_STEP } from '../dto/threads.schemas';
import { OpenForWritesGuard } from '../open-for-writes.guard';
import { ThreadsService } from '../threads/threads.service';
import { ConciergeTools } from './concierge-tools';

/** A member answers a step of a reply that asked first (remember an allergy?): Yes runs it, No drops it. */
@ApiTags('concierge: threads')
@Controller('concierge/steps')
@UseGuards(OpenForWritesGuard, ConciergeSessionGuard)
export class StepsController {
  constructor(
    private readonly threads: ThreadsService,
    private readonly tools: ConciergeTools,
  ) {}

  @Post(':messageId/:stepId')
  @ApiOperation({
    summary: 'Answers a step that asked the member (Yes keeps what it offered, No drops it); the step as it now stands',
  })
  @ApiAnswer(successData(REPLY_STEP))
  @ApiErrors(400, 403, 404, 409)
  @HttpCode(200)
  async answer(
    @ConciergeSessionId() session: string,
    @Param('messageId') messageId: string,
    @Param('stepId') stepId: string,
    @Body() body: AnswerStepDto,
  ) {
    const memberId = memberIdOf(session);
    if (!memberId) {
      throw new AppError(
        'forbidden',
        'The concierge’s steps are kept for members: please sign in with your membership.',
        undefined,
        undefined,
        'MEMBERS_ONLY',
      );
    }
    const step = await this.threads.changeStep(session, messageId, stepId, async (stored, source, tx) => {
      if (stored.status !== 'ask') throw AppError.conflict('This has been answered already.', 'STEP_ANSWERED');
      const answered = await this.tools.answer(memberId, stored, body.answer === 'yes', source, tx);
      const step: ReplyStep = { ...stored, status: answered.status, label: answered.label };
      if (answered.memory) step.memory = answered.memory;
      return step;
    });
    return { success: true, data: step };
  }
}
