// The page of the six /prof/game/... routes: opens the class's live room (shared across the routes,
// see room-registry.ts) and shows the projector once the snapshot is there. Under the teachers' query
// client: its screens read the raid lists and the class through the cache the teacher's pages fill.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { withQueries } from '../../lib/query';
import { errorKey } from './commands';
import { placeFromPath } from './navigation';
import { Projector } from './Projector';
import { useLiveRoom } from './use-live-room';
import './projector.css';

function GamePage() {
  const { t } = useTranslation();
  const { schoolclassId = '', subjectId = '' } = useParams();
  const { pathname } = useLocation();
  const roomKey = useMemo(() => ({ schoolclassId, subjectId }), [schoolclassId, subjectId]);
  const place = useMemo(() => placeFromPath(pathname), [pathname]);
  const { client, state } = useLiveRoom(roomKey);

  if (state.status === 'error') {
    return (
      <div className="projector projector--message" role="alert">
        <p>{t(errorKey(state.error ?? ''))}</p>
        <Link className="proj-btn proj-btn--primary" to="/prof/select">
          {t('GAME.BACK_HOME')}
        </Link>
      </div>
    );
  }
  if (!client || !state.snapshot) {
    return (
      <div className="projector projector--message" aria-busy="true">
        <p>{t('GAME.OPENING')}</p>
      </div>
    );
  }
  return (
    <Projector
      roomKey={roomKey}
      snapshot={state.snapshot}
      status={state.status}
      place={place}
      client={client}
      raidSettings={state.settings}
    />
  );
}

export default withQueries(GamePage);
