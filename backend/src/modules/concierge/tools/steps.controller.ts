import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData } from '../../../common/api-schema';
import { AppError } from '../../../common/app-error';
import { ConciergeSessionGuard, ConciergeSessionId } from '../concierge-session.guard';
import { memberIdOf } from '../concierge-session.service';
import { AnswerStepDto } from '../dto/threads.dto';
import { REPLY_STEP } from '../dto/threads.schemas';
import { OpenForWritesGuard } from '../open-for-writes.guard';
import { ThreadsService } from '../threads/threads.service';
import { ConciergeTools } from './concierge-tools';

/**
 * A member answers a step of a reply: Yes or No to one that asked first (remember an allergy?),
 * or No to a memory kept (Undo of 'Remembered: ...'), which forgets it.
 */
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
    summary:
      'Answers a step of a reply: Yes keeps what a step that asked offered, No drops it; No to a memory kept (Undo) forgets it. The step as it now stands',
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
    const yes = body.answer === 'yes';
    const step = await this.threads.changeStep(session, messageId, stepId, (stored, source, tx) =>
      this.tools.answer(memberId, stored, yes, source, tx),
    );
    return { success: true, data: step };
  }
}
