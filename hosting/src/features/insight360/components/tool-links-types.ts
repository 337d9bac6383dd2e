/** What the header's tool links and their menu (tool-links.tsx, tool-links-menu.tsx) both name. */
import type { ReactNode } from 'react';
import type { fillLink } from '@insight/common/link-templates';

/** The tools with their filled links, and the notice under them (links missing or unreadable). */
export interface MenuProps {
  tools: Array<{ tool: string; name: string; link: ReturnType<typeof fillLink> }>;
  notice: ReactNode;
}
