import type { AgentState, MyAgentState } from '../../core/agent-states.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork, UnitOfWork } from '../db/unit-of-work.ts';
import type { SessionUser } from '../http/access.ts';
import { AppError } from '../http/app-error.ts';
import { type AssessorScope, scopeHolds } from '../teams/index.ts';
import type { AgentStateRepository, AgentStateRow, StateChange } from './agent-state.repository.ts';
import type { PauseReasonRepository } from './pause-reason.repository.ts';

const onlyAssessors = () =>
  new AppError('FORBIDDEN', 'Só assessores ficam em ligação ou em pausa.');
const assessorNotFound = () => new AppError('NOT_FOUND', 'Assessor não encontrado.');

export interface AgentStateServiceDeps {
  states: AgentStateRepository;
  reasons: PauseReasonRepository;
  unitOfWork: RunUnitOfWork;
  /** Ends every session of a user, in the transaction given (the users feature's statement). */
  deleteSessions: (userId: string, executor: UnitOfWork['trx']) => Promise<void>;
  /** Forgets the sessions this server keeps, once a change to them has committed. */
  forgetSessions: () => void;
  now?: () => number;
}

/**
 * The assessors' states (docs/decisions/041): each change closes the open span of the log,
 * opens the next and sets the state now, in a unit of work on the locked row, and is announced
 * (`agent.state`) once committed.
 */
export function createAgentStateService(deps: AgentStateServiceDeps) {
  const { states, reasons, unitOfWork } = deps;
  const now = deps.now ?? (() => Date.now());

  /**
   * Runs `decide` on the assessor's locked state; the change it answers (if any) is made and
   * announced. Answers the row as it was.
   */
  function changeState(
    userId: string,
    audit: AuditTrail | null,
    decide: (row: AgentStateRow, at: Date) => Omit<StateChange, 'at'> | null,
    after?: (unit: UnitOfWork, row: AgentStateRow, at: Date) => Promise<void>,
  ): Promise<AgentStateRow> {
    return unitOfWork(audit, async (unit) => {
      const at = new Date(now());
      const repository = states.within(unit.trx);
      const row = await repository.locked(userId, at);
      const change = decide(row, at);
      if (change) {
        await repository.change(userId, { ...change, at });
        unit.publish({ type: 'agent.state', assessorId: userId });
      }
      await after?.(unit, row, at);
      return row;
    });
  }

  /** A supervisor acts only on an assessor of its scope; anyone else is not found. */
  async function checkReach(scope: AssessorScope, userId: string) {
    if (!scopeHolds(scope, userId) || !(await states.isAssessor(userId))) {
      throw assessorNotFound();
    }
  }

  const is = (row: AgentStateRow, state: AgentState) => row.state === state;

  return {
    /** An open page of the assessor is there: back from disconnected, or only seen now. */
    async presence(user: SessionUser): Promise<void> {
      if (user.role !== 'assessor') return;
      if (await states.refreshSeen(user.id, new Date(now()))) return;
      await changeState(user.id, null, (row) =>
        is(row, 'disconnected') ? { state: 'available', seen: true } : null,
      );
    },

    /** The caller's state now and how far its targets and its team's have come. */
    async mine(user: SessionUser): Promise<MyAgentState> {
      const at = new Date(now());
      const [row, progress] = await Promise.all([
        states.view(user.id),
        user.role === 'assessor' ? states.progress(user.id, at) : [],
      ]);
      return {
        state: row?.state ?? 'disconnected',
        since: (row?.since ?? at).toISOString(),
        pauseReason:
          row?.state === 'paused' && row.pause_reason_id !== null
            ? {
                id: row.pause_reason_id,
                name: row.reasonName ?? '',
                limitMinutes: row.reasonLimitMinutes,
              }
            : null,
        progress: progress.map(({ forTeam, ...figures }) => ({
          owner: forTeam ? 'team' : 'assessor',
          ...figures,
        })),
      };
    },

    /** *Ligar* or the WhatsApp link on one of the assessor's own leads. */
    async call(user: SessionUser, leadId: number): Promise<void> {
      if (user.role !== 'assessor') throw onlyAssessors();
      if (!(await states.ownsLead(user.id, leadId))) {
        throw new AppError('NOT_FOUND', 'Lead não encontrado.');
      }
      await changeState(user.id, null, (row) =>
        is(row, 'on_call') && row.lead_id === leadId
          ? null
          : { state: 'on_call', leadId, seen: true },
      );
    },

    /** The pause button, with one of the active reasons. */
    async pause(user: SessionUser, reasonId: number): Promise<void> {
      if (user.role !== 'assessor') throw onlyAssessors();
      const reason = await reasons.byId(reasonId);
      if (!reason?.active) {
        throw new AppError(
          'BAD_REQUEST',
          'Este motivo de pausa não existe ou foi desativado: escolha outro.',
        );
      }
      await changeState(user.id, null, (row) =>
        is(row, 'paused') && row.pause_reason_id === reasonId
          ? null
          : { state: 'paused', pauseReasonId: reasonId, seen: true },
      );
    },

    /** *Voltar ao trabalho*: a pause ends (anything else stays as it is). */
    async resume(user: SessionUser): Promise<void> {
      if (user.role !== 'assessor') throw onlyAssessors();
      await changeState(user.id, null, (row) =>
        is(row, 'paused') ? { state: 'available', seen: true } : null,
      );
    },

    /** A supervisor's *Encerrar pausa* on an assessor of its teams. */
    async endPause(scope: AssessorScope, userId: string, audit: AuditTrail): Promise<void> {
      await checkReach(scope, userId);
      await changeState(
        userId,
        audit,
        (row) => {
          if (!is(row, 'paused')) {
            throw new AppError('CONFLICT', 'Este assessor não está em pausa.');
          }
          return { state: 'available', seen: false };
        },
        async (unit, row) => {
          const reason = row.pause_reason_id ? await reasons.byId(row.pause_reason_id) : null;
          await unit.audit({
            action: 'agent_state.pause_ended',
            target: { type: 'user', id: userId },
            details: { reason: reason?.name ?? null, pausedSince: row.since.toISOString() },
          });
        },
      );
    },

    /** A supervisor's *Desconectar*: every session of the assessor ends, and it is disconnected. */
    async signOut(scope: AssessorScope, userId: string, audit: AuditTrail): Promise<void> {
      await checkReach(scope, userId);
      await changeState(
        userId,
        audit,
        (row) => (is(row, 'disconnected') ? null : { state: 'disconnected', seen: false }),
        async (unit, row) => {
          await deps.deleteSessions(userId, unit.trx);
          await unit.audit({
            action: 'agent_state.signed_out',
            target: { type: 'user', id: userId },
            details: { stateBefore: row.state },
          });
        },
      );
      deps.forgetSessions();
    },

    /** The assessor signed out: disconnected now (nothing to do for one never seen). */
    async signedOut(userId: string): Promise<void> {
      const row = await states.view(userId);
      if (!row || row.state === 'disconnected') return;
      await changeState(userId, null, (locked) =>
        is(locked, 'disconnected') ? null : { state: 'disconnected', seen: false },
      );
    },
  };
}
export type AgentStateService = ReturnType<typeof createAgentStateService>;
