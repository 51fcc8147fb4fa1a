import { desc, eq } from 'drizzle-orm';
import {
  defaultWorkspace,
  isClosable,
  isTabReady,
  panelStatusText,
  restoreWorkspace,
  tabEnding,
  tabItemId,
  tabTicketId,
  tabTitle,
  updateWorkspace,
  type Language,
  type Workspace,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { agentWorkspaces, itemHistory, orderItems } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';

/** How many rows My Activity shows in each list. */
export const ACTIVITY_LIMIT = 50;

/**
 * The agent's workspace kept on the server (docs/backoffice.md, "Workspace"): the tabs' rules are the domain's
 * (workspace-tabs.ts); this class stores them per agent and answers My Activity.
 */
export class WorkspaceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async stored(agent: SessionUser): Promise<Workspace> {
    const [row] = await this.db.select().from(agentWorkspaces).where(eq(agentWorkspaces.adminUserId, agent.id));
    return restoreWorkspace(
      row ? { tabs: row.tabs, active: row.activeTab, closedItemIds: row.closedItemIds } : null,
      defaultWorkspace(agent.role),
    );
  }

  /** The agent's tabs (the default ones before the first change). */
  async get(agent: SessionUser, language: Language) {
    return present(await this.stored(agent), language);
  }

  /**
   * Replaces the agent's tabs with the ones a screen sends, checked against the stored ones (known keys, each once,
   * bounded, `-1` kept); item tabs that disappeared are recorded as closed. VALIDATION_ERROR lists every problem.
   */
  async put(agent: SessionUser, tabs: readonly unknown[], active: unknown, language: Language) {
    const agentId = agent.id;
    const stored = await this.stored(agent);
    const result = updateWorkspace(stored, tabs, active);
    if (!result.ok) {
      const fields = result.errors.map((e): FieldError => {
        switch (e.code) {
          case 'unknown_tab':
          case 'duplicate_tab':
            return { field: `tabs.${e.index}`, key: `workspace.${e.code}` };
          case 'too_many_tabs':
            return { field: 'tabs', key: 'workspace.too_many_tabs', params: { max: e.max } };
          case 'not_closable':
            return { field: 'tabs', key: 'workspace.not_closable', params: { key: e.key } };
          case 'active_not_open':
            return { field: 'active', key: 'workspace.active_not_open' };
        }
      });
      throw new AppError('VALIDATION_ERROR', `workspace of ${agentId}: ${result.errors.map((e) => e.code).join()}`, {
        fields,
      });
    }
    const { workspace } = result;
    const now = this.now();
    const values = {
      tabs: workspace.tabs,
      activeTab: workspace.active,
      closedItemIds: workspace.closedItemIds,
      updatedAt: now,
    };
    await this.db
      .insert(agentWorkspaces)
      .values({ adminUserId: agentId, ...values })
      .onConflictDoUpdate({ target: agentWorkspaces.adminUserId, set: values });
    return present(workspace, language);
  }

  /**
   * My Activity: the agent's latest actions on items (their history lines, newest first) and the items delegated to
   * them (asignee_id), most recently changed first.
   */
  async activity(agentId: number, language: Language) {
    const actions = await this.db
      .select({
        id: itemHistory.id,
        itemId: itemHistory.itemId,
        accion: itemHistory.accion,
        oldStatus: itemHistory.oldStatus,
        newStatus: itemHistory.newStatus,
        createdAt: itemHistory.createdAt,
        orderId: orderItems.orderId,
        productName: orderItems.productName,
      })
      .from(itemHistory)
      .innerJoin(orderItems, eq(orderItems.itemId, itemHistory.itemId))
      .where(eq(itemHistory.adminUserId, agentId))
      .orderBy(desc(itemHistory.id))
      .limit(ACTIVITY_LIMIT);
    const delegated = await this.db
      .select({
        itemId: orderItems.itemId,
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        panelStatusId: orderItems.panelStatusId,
        updatedAt: orderItems.updatedAt,
        deadlineAt: orderItems.deadlineAt,
      })
      .from(orderItems)
      .where(eq(orderItems.asigneeId, agentId))
      .orderBy(desc(orderItems.updatedAt), desc(orderItems.itemId))
      .limit(ACTIVITY_LIMIT);
    const statusText = (id: number | null) => (id === null ? null : panelStatusText(id, language));
    return {
      actions: actions.map((a) => ({
        id: a.id,
        item_id: a.itemId,
        order_id: a.orderId,
        product_name: a.productName,
        accion: a.accion,
        old_status_text: statusText(a.oldStatus),
        new_status_text: statusText(a.newStatus),
        created_at: a.createdAt.toISOString(),
      })),
      delegated: delegated.map((d) => ({
        item_id: d.itemId,
        order_id: d.orderId,
        product_name: d.productName,
        panel_status_id: d.panelStatusId,
        status_text: panelStatusText(d.panelStatusId, language),
        updated_at: d.updatedAt.toISOString(),
        deadline_at: d.deadlineAt?.toISOString() ?? null,
      })),
    };
  }
}

function present(workspace: Workspace, language: Language) {
  return {
    tabs: workspace.tabs.map((key) => ({
      key,
      ending: tabEnding(key),
      title: tabTitle(key, language),
      closable: isClosable(key),
      ready: isTabReady(key),
      item_id: tabItemId(key),
      ticket_id: tabTicketId(key),
    })),
    active: workspace.active,
    closed_item_ids: workspace.closedItemIds,
  };
}
