// Mail texts in the four interface languages. {name}, {link} and {school} are filled in.
import type { Language } from '../../shared/constants.js';

export type MailKind =
  | 'activation'
  | 'approved'
  | 'rejected'
  | 'resetPassword'
  | 'adminNewRequest'
  | 'adminNewTicket'
  | 'adminNewTicketScreenshot';
type Texts = Record<MailKind, { subject: string; body: string }>;

const fr: Texts = {
  activation: {
    subject: 'Confirmez votre adresse e-mail',
    body: 'Bonjour {name},\n\nMerci pour votre inscription. Confirmez votre adresse e-mail en ouvrant ce lien (valable 48 heures) :\n{link}\n\nVotre demande d’accès sera ensuite examinée par un administrateur.',
  },
  approved: {
    subject: 'Votre accès enseignant est validé',
    body: 'Bonjour {name},\n\nVotre demande d’accès a été acceptée. Vous pouvez vous connecter :\n{link}',
  },
  rejected: {
    subject: 'Votre demande d’accès enseignant',
    body: 'Bonjour {name},\n\nVotre demande d’accès n’a pas été acceptée. Si vous pensez qu’il s’agit d’une erreur, répondez à ce message.',
  },
  resetPassword: {
    subject: 'Réinitialisation de votre mot de passe',
    body: 'Bonjour {name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure) :\n{link}\n\nSi vous n’avez rien demandé, ignorez ce message.',
  },
  adminNewRequest: {
    subject: 'Nouvelle demande d’accès enseignant',
    body: '{name} ({school}) demande un accès enseignant. Pour l’examiner :\n{link}',
  },
  adminNewTicket: {
    subject: 'Nouveau signalement de bug : {summary}',
    body: 'Un signalement de bug vient d’arriver.\n\nRésumé : {summary}\nPage : {page}\n\nPour le lire :\n{link}',
  },
  adminNewTicketScreenshot: {
    subject: 'Nouveau signalement de bug : {summary}',
    body: 'Un signalement de bug vient d’arriver.\n\nRésumé : {summary}\nPage : {page}\n\nPour le lire (avec sa capture d’écran) :\n{link}',
  },
};

const en: Texts = {
  activation: {
    subject: 'Confirm your e-mail address',
    body: 'Hello {name},\n\nThank you for signing up. Confirm your e-mail address by opening this link (valid for 48 hours):\n{link}\n\nAn administrator will then review your access request.',
  },
  approved: {
    subject: 'Your teacher access is approved',
    body: 'Hello {name},\n\nYour access request was approved. You can sign in:\n{link}',
  },
  rejected: {
    subject: 'Your teacher access request',
    body: 'Hello {name},\n\nYour access request was not approved. If you think this is a mistake, reply to this message.',
  },
  resetPassword: {
    subject: 'Reset your password',
    body: 'Hello {name},\n\nTo choose a new password, open this link (valid for 1 hour):\n{link}\n\nIf you did not ask for this, ignore this message.',
  },
  adminNewRequest: {
    subject: 'New teacher access request',
    body: '{name} ({school}) asks for teacher access. To review it:\n{link}',
  },
  adminNewTicket: {
    subject: 'New bug report: {summary}',
    body: 'A bug report just arrived.\n\nSummary: {summary}\nPage: {page}\n\nTo read it:\n{link}',
  },
  adminNewTicketScreenshot: {
    subject: 'New bug report: {summary}',
    body: 'A bug report just arrived.\n\nSummary: {summary}\nPage: {page}\n\nTo read it (with its screenshot):\n{link}',
  },
};

const it: Texts = {
  activation: {
    subject: 'Conferma il tuo indirizzo e-mail',
    body: 'Buongiorno {name},\n\nGrazie per la registrazione. Conferma il tuo indirizzo e-mail aprendo questo link (valido 48 ore):\n{link}\n\nUn amministratore esaminerà poi la tua richiesta di accesso.',
  },
  approved: {
    subject: 'Il tuo accesso docente è stato approvato',
    body: 'Buongiorno {name},\n\nLa tua richiesta di accesso è stata accettata. Puoi accedere:\n{link}',
  },
  rejected: {
    subject: 'La tua richiesta di accesso docente',
    body: 'Buongiorno {name},\n\nLa tua richiesta di accesso non è stata accettata. Se pensi che si tratti di un errore, rispondi a questo messaggio.',
  },
  resetPassword: {
    subject: 'Reimposta la tua password',
    body: 'Buongiorno {name},\n\nPer scegliere una nuova password, apri questo link (valido 1 ora):\n{link}\n\nSe non hai chiesto nulla, ignora questo messaggio.',
  },
  adminNewRequest: {
    subject: 'Nuova richiesta di accesso docente',
    body: '{name} ({school}) chiede un accesso docente. Per esaminarla:\n{link}',
  },
  adminNewTicket: {
    subject: 'Nuova segnalazione di bug: {summary}',
    body: 'È appena arrivata una segnalazione di bug.\n\nRiepilogo: {summary}\nPagina: {page}\n\nPer leggerla:\n{link}',
  },
  adminNewTicketScreenshot: {
    subject: 'Nuova segnalazione di bug: {summary}',
    body: 'È appena arrivata una segnalazione di bug.\n\nRiepilogo: {summary}\nPagina: {page}\n\nPer leggerla (con il suo screenshot):\n{link}',
  },
};

const co: Texts = {
  activation: {
    subject: 'Cunfirmate u vostru indirizzu e-mail',
    body: 'Bonghjornu {name},\n\nVi ringraziemu per a vostra iscrizzione. Cunfirmate u vostru indirizzu e-mail aprendu stu ligame (validu 48 ore):\n{link}\n\nUn amministratore esaminerà dopu a vostra dumanda d’accessu.',
  },
  approved: {
    subject: 'U vostru accessu prufessore hè validatu',
    body: 'Bonghjornu {name},\n\nA vostra dumanda d’accessu hè stata accettata. Pudete cunnettevi:\n{link}',
  },
  rejected: {
    subject: 'A vostra dumanda d’accessu prufessore',
    body: 'Bonghjornu {name},\n\nA vostra dumanda d’accessu ùn hè stata accettata. S’è vo pensate ch’ella sia un sbagliu, rispundite à stu messaghju.',
  },
  resetPassword: {
    subject: 'Reinizializazione di a vostra parolla d’intesa',
    body: 'Bonghjornu {name},\n\nPer sceglie una nova parolla d’intesa, aprite stu ligame (validu 1 ora):\n{link}\n\nS’è vo ùn avete dumandatu nunda, ùn fate casu à stu messaghju.',
  },
  adminNewRequest: {
    subject: 'Nova dumanda d’accessu prufessore',
    body: '{name} ({school}) dumanda un accessu prufessore. Per esaminalla:\n{link}',
  },
  adminNewTicket: {
    subject: 'Novu signalamentu di bug : {summary}',
    body: 'Un signalamentu di bug hè ghjuntu.\n\nRiassuntu : {summary}\nPagina : {page}\n\nPer leghjelu :\n{link}',
  },
  adminNewTicketScreenshot: {
    subject: 'Novu signalamentu di bug : {summary}',
    body: 'Un signalamentu di bug hè ghjuntu.\n\nRiassuntu : {summary}\nPagina : {page}\n\nPer leghjelu (cù a so catturata di screnu) :\n{link}',
  },
};

const ALL: Record<Language, Texts> = { fr, en, co, it };

export function renderMail(kind: MailKind, lang: string, vars: Record<string, string>) {
  const t = (ALL[lang as Language] ?? fr)[kind];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  const text = fill(t.body);
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = esc(text)
    .replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')
    .replace(/\n/g, '<br>');
  // A subject is one line, whatever a filled-in value holds.
  return { subject: fill(t.subject).replace(/\s+/g, ' ').slice(0, 250), text, html };
}
