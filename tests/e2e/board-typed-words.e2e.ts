// Issue 23 on the projector: after the reveal of a text question, the teacher chooses to show what
// the class typed. Four pupils answer from phones (sockets: eleve07, 08, 09 and 16 of 5e B, which no
// other browser file uses); the board at 1440x1024 and 3.5 rem shows the words grouped, the accepted
// ones ticked, the rude one only counted, then the names when the teacher asks.
import type { Browser, BrowserContext } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { api, settled } from './board-fit';
import { atPath, DESKTOP, launch, shot } from './browser';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { openBoard, ProjectorPage } from './pages/projector';

const CLASS = '5e B';
const RAID_TITLE = 'Mots tapés au tableau';
const PUPIL_PASSWORD = 'Cartable-Bleu-7!';
const TYPED: [string, string][] = [
  ['eleve07', 'Ajaccio'],
  ['eleve08', 'ajacio'],
  ['eleve09', 'connard'],
  ['eleve16', 'Bastia'],
];
const G = gameFr.GAME;
const K = G.BOARD_KINDS;

describe('typed words on the board', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const sockets: Socket[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('shown only when the teacher asks: grouped, the accepted ones ticked, the rude one counted, names when asked', {
    timeout: 120_000,
  }, async () => {
    const { accessToken: token } = await api('POST', '/auth/signin', null, {
      login: 'prof-demo',
      password: 'Craie-Verte-2026!',
    });
    const subjects = (await api('GET', '/subjects', null)) as { id: string; code: string }[];
    const subjectId = subjects.find((s) => s.code === 'MATHEMATICS')?.id;
    const chapter = await api('POST', '/chapters', token, { name: 'Mots tapés', level: 5, subjectId });
    await api('POST', `/chapters/${chapter.id}/raids`, token, {
      title: RAID_TITLE,
      shared: false,
      questions: [
        {
          kind: 'text',
          text: 'Quelle est la capitale de la Corse ?',
          textAnswer: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: true },
        },
      ],
    });

    const opened = await openBoard(browser, 'prof-demo', CLASS, {
      viewport: DESKTOP,
      prepare: async (context) => {
        await context.addInitScript(() => localStorage.setItem('gameFontSize', '3.5'));
      },
    });
    contexts.push(opened.context);
    const { page, boardPath } = opened;
    const board = new ProjectorPage(page);
    const wasPaused = await board.ready(CLASS);
    await board.setTextSize(3.5);

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    await board.settingsPanel().waitFor();
    await board.questionTime().selectOption('none');
    // The teacher reveals herself: the board remembers the last "end early" choice of another file.
    if (await board.endEarly().isChecked()) await board.endEarly().uncheck();
    await board.openLobby().scrollIntoViewIfNeeded();
    await board.openLobby().click();
    await page.waitForURL((u) => u.pathname.endsWith('/raid'));
    await board.lobby().waitFor();

    // The pupils' phones, as sockets: they join, then answer the question once it shows.
    const key = boardPath.split('/').slice(-2);
    for (const [login] of TYPED) {
      const pupil = await api('POST', '/auth/signin', null, { login, password: PUPIL_PASSWORD });
      const socket = io(inject('baseUrl'), {
        auth: { token: pupil.accessToken },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const joined = await socket.timeout(5000).emitWithAck('room:join', {
        schoolclassId: key[0],
        subjectId: key[1],
      });
      expect(joined.ok).toBe(true);
    }
    await board.beginButton().scrollIntoViewIfNeeded();
    await board.beginButton().click();
    await board.questionHeading().waitFor();
    for (const [i, [, value]] of TYPED.entries()) {
      const sync = await sockets[i].timeout(5000).emitWithAck('room:sync', {});
      const questionId = sync.snapshot.activity.question.id as string;
      const ack = await sockets[i]
        .timeout(5000)
        .emitWithAck('answer:submit', { questionId, value, clientId: `typed-words-${i}` });
      expect(ack).toEqual({ ok: true, status: 'counted' });
    }
    await page
      .getByTestId('typed-count')
      .getByText(tr(K.TYPED_COUNT, { count: 4 }))
      .waitFor();

    await board.revealButton().click();
    await board.revealPanel().waitFor();
    await board.seeAnswers().click();
    await board.revealPanel().waitFor({ state: 'detached' });
    // Revealed: the accepted answer, nothing the class typed.
    await page.getByText(K.TYPED_ASK).waitFor();
    expect(await page.getByTestId('typed-word').count()).toBe(0);
    await settled(page);
    await shot(page, 'board-typed-words-before-1440x1024-3.5rem', false);

    await page.getByRole('button', { name: K.SHOW_TYPED }).click();
    await page.getByTestId('typed-words').waitFor();
    const words = page.getByTestId('typed-word');
    await expect.poll(() => words.count()).toBe(3);
    expect(await page.locator('[data-testid="typed-word"][data-right="true"]').allInnerTexts()).toEqual([
      expect.stringContaining('Ajaccio'),
      expect.stringContaining('ajacio'),
    ]);
    expect(await page.getByTestId('typed-filtered').innerText()).toBe(tr(K.FILTERED_one, { count: 1 }));
    expect(await page.locator('.raid').innerText()).not.toMatch(/connard/i);
    expect(await page.getByTestId('typed-names').count()).toBe(0);
    await settled(page);
    await shot(page, 'board-typed-words-1440x1024-3.5rem', false);

    await page.getByRole('button', { name: K.SHOW_TYPED_NAMES }).click();
    await expect.poll(() => page.getByTestId('typed-names').count()).toBe(3);
    expect(await page.locator('.raid').innerText()).not.toMatch(/connard/i);
    await settled(page);
    await shot(page, 'board-typed-words-names-1440x1024-3.5rem', false);

    // Leave the board as found.
    await page.getByRole('button', { name: G.RAID.FINISH, exact: true }).click();
    await board.result().waitFor();
    await board.backToBoard().scrollIntoViewIfNeeded();
    await board.backToBoard().click();
    await atPath(page, boardPath);
    if (wasPaused) await board.pauseButton().click();
  });
});
