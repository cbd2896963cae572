// Bug reports as an administrator reads them (issue 21): the list, and each screenshot.
import { api, getFile } from './http';

export interface TicketRow {
  id: string;
  summary: string;
  description: string;
  fromRouteName: string | null;
  fromRoutePath: string | null;
  hasScreenshot: boolean;
  createdAt: string;
  reporter: {
    role: string;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
  } | null;
}
export interface TicketList {
  total: number;
  page: number;
  perPage: number;
  tickets: TicketRow[];
}

export const listTickets = (page: number, signal?: AbortSignal) =>
  api.get<TicketList>('/tickets', { query: { page }, signal });

/** The screenshot as an object URL (it needs the session's token: never a plain <img src>). */
export async function screenshotUrl(ticketId: string): Promise<string> {
  const file = await getFile(`/tickets/${ticketId}/screenshot`);
  return URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.type }));
}
