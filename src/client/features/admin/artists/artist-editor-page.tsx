import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { EmptyState } from '#client/components/empty-state';
import { LoadFailureState } from '#client/components/load-failure-state';
import { Button } from '#client/components/ui/button';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { useAdminArtist, useAdminCategories } from '../api/admin-queries';
import { AdminShell } from '../admin-shell';
import { ArtistForm } from './artist-form';
import { EMPTY_ARTIST, valuesFromArtist } from './artist-form-values';
import { SectionSpinner } from '../section-spinner';
import { useAdminEdition, withEdition } from '../edition';

const NEW_ARTIST_ID = 'new';

/** /admin/artists/{id}; the id 'new' creates an artist. */
export function ArtistEditorPage() {
  const { id = NEW_ARTIST_ID } = useParams<{ id: string }>();
  return (
    <AdminShell>
      <div className="mx-auto max-w-4xl px-3 pt-4 sm:px-6 sm:pt-6">
        {/* Inside the shell: nothing is asked of the admin API before the visitor is an admin. */}
        <ArtistEditor id={id} />
      </div>
    </AdminShell>
  );
}

function ArtistEditor({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const isNew = id === NEW_ARTIST_ID;
  const artistQuery = useAdminArtist(id, !isNew);
  const categoriesQuery = useAdminCategories();
  const edition = useAdminEdition();
  const artist = isNew ? null : artistQuery.data;
  const loaded = useMemo(() => (artist ? valuesFromArtist(artist) : EMPTY_ARTIST), [artist]);
  useDocumentTitle(artist ? t('editor.editTitle', { name: artist.name }) : t('editor.createTitle'));

  let body;
  if (!isNew && artistQuery.isError) {
    body = (
      <LoadFailureState
        error={artistQuery.error}
        missing={{
          title: t('editor.notFoundTitle'),
          text: t('editor.notFoundText'),
          href: withEdition('/admin', edition),
          linkLabel: t('editor.backToAdmin'),
        }}
        onRetry={() => void artistQuery.refetch()}
      />
    );
  } else if (categoriesQuery.isError) {
    body = (
      <EmptyState
        as="h1"
        icon={AlertTriangle}
        title={tc('errors.generic')}
        className="py-20"
        action={
          <Button variant="outline" onClick={() => void categoriesQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (
    artist === undefined ||
    !categoriesQuery.data ||
    // Changed since it was cached (saved here before): wait for the saved values, never edit old ones.
    (artistQuery.isStale && artistQuery.isFetching)
  ) {
    body = <SectionSpinner />;
  } else {
    body = (
      // Keyed: opening another artist starts a fresh form.
      <ArtistForm
        key={artist?.id ?? NEW_ARTIST_ID}
        artist={artist}
        loaded={loaded}
        categories={categoriesQuery.data}
      />
    );
  }

  return body;
}
