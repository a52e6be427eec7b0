import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useFunnel, useFunnels } from '../../../api';
import { useEditorStore, useLoadDoc, type DocId } from '../../../editor';
import type { Funnel } from '../../../model';
import { BackLink, Inline, styles as s, useDocumentTitle, Skeleton } from '../../../ui';
import { usePage } from '../api';
import { PageEditor } from '../components/PageEditor';

/** /funnels/{id}/pages/{pageId}: the page editor. */
export function PageEditorScreen() {
  const { id: idParam, pageId: pageParam } = useParams();
  const id = Number(idParam);
  const pageId = Number(pageParam);
  const funnelQ = useFunnel(id);
  const pageQ = usePage(pageId);
  // The funnel's domain is on its list row (GET /api/v1/funnels), for the published page's address.
  const domain = useFunnels().data?.find((f) => f.ID === id)?.domain ?? null;
  const doc: DocId<'page'> = `page:${pageId}`;
  useLoadDoc(doc, pageQ.data);
  useLoadDoc(`funnel:${id}`, funnelQ.data);
  const funnel = useEditorStore((st) => st.docs[`funnel:${id}`]?.value as Funnel | undefined);
  const loaded = useEditorStore((st) => !!st.docs[doc]);
  useDocumentTitle([useEditorStore((st) => (st.docs[doc]?.value as { name?: string } | undefined)?.name), funnel?.name]);
  // One object per currency and language, so the memoised panels do not render again per edit.
  const currency = funnel?.currency;
  const language = funnel?.language;
  const money = useMemo(() => (currency && language ? { currency, language } : undefined), [currency, language]);
  if (pageQ.isError) throw pageQ.error;
  if (!loaded || !funnel) return <Skeleton label="Loading page…" variant="editor" />;
  return (
    <section>
      <Inline marginBottom="sm">
        <BackLink to={`/funnels/${id}/pages`}>{funnel.name}</BackLink>
        <span className={s.spacer} />
      </Inline>
      <PageEditor pageId={pageId} offerId={funnel.offer ?? null} locked={funnel.locked} domain={domain} money={money} />
    </section>
  );
}
