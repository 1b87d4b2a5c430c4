import { Controller, Get, Query, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiAnswer, ApiErrors, ApiRawAnswer, schema, t } from '../../common/api-schema';
import { AuditFilterDto, AuditQueryDto } from './dto/audit-query.dto';
import { AuditService, type AuditItem } from './audit.service';

const AUDIT_ITEM = schema(
  'AuditItem',
  t.object({
    id: t.string(),
    at: t.dateTime(),
    actorId: t.nullable(t.string({ format: 'uuid' })),
    actorName: t.nullable(t.string()),
    actorRole: t.nullable(t.string()),
    clientIp: t.nullable(t.string()),
    action: t.string(),
    targetType: t.nullable(t.string()),
    targetId: t.nullable(t.string()),
    changes: t.record(t.array({})),
  }),
);

/**
 * The audit log's admin routes, guarded by `guard`: the staff decorator with the 'audit' right,
 * handed in by the composition root (domain-modules.ts). The audit log sits below the admin
 * module, which records its sign-ins here, so it cannot import admin's decorator itself; a
 * factory makes the routes impossible to register without a guard.
 */
export function auditAdminController(guard: ClassDecorator): Type<unknown> {
  @ApiTags('admin: audit')
  @Controller('admin')
  @guard
  class AuditAdminController {
    constructor(readonly audit: AuditService) {}

    @Get('audit')
    @ApiOperation({ summary: 'A page of the audit log, newest first, filtered on the server' })
    @ApiAnswer(t.object({ items: t.array(AUDIT_ITEM), total: t.integer() }))
    @ApiErrors(400)
    list(@Query() query: AuditQueryDto): Promise<{ items: AuditItem[]; total: number }> {
      return this.audit.list(query);
    }

    @Get('audit.csv')
    @ApiOperation({ summary: 'The audit log as CSV, with the same filters, streamed' })
    @ApiRawAnswer('text/csv', 'The audit rows, as a CSV file')
    @ApiErrors(400)
    async csv(@Query() query: AuditFilterDto, @Res() response: Response): Promise<void> {
      const day = new Date().toISOString().slice(0, 10);
      response.status(200);
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="audit-${day}.csv"`);
      response.setHeader('Cache-Control', 'no-store');
      try {
        await this.audit.exportCsv(query, response);
      } finally {
        response.end();
      }
    }
  }
  return AuditAdminController;
}
