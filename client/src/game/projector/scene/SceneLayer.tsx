// The animated layer behind the screens. Pixi loads here, lazily (phones never download it); the
// world's background stays as plain CSS underneath, so a missing WebGL still shows the world.
import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { SceneModel } from './model';

const PixiScene = lazy(() => import('./PixiScene'));

class SceneBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function SceneLayer({ model }: { model: SceneModel }) {
  return (
    <div className="proj-scene" style={{ backgroundImage: `url(${model.background})` }} aria-hidden="true">
      <SceneBoundary>
        <Suspense fallback={null}>
          <PixiScene model={model} />
        </Suspense>
      </SceneBoundary>
    </div>
  );
}
