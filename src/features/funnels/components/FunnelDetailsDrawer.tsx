/**
 * The funnel list's details drawer (001 §2 "Funnel list: actions (edit, clone, details drawer,
 * delete)"): a sheet on the right with the funnel's state (status, lock, domain, platform) and
 * the Details tab's summary (Everflow ID, offer, support e-mail and number, root page, tag
 * ids, guarantee, captcha keys masked), with the ways to its pages and its details form.
 * Escape, a click outside or Close dismiss it and focus returns to the Details button. The root
 * page's path is read when the drawer opens (`GET /api/v1/funnels/{id}/pages`).
 */
import { useQuery } from '@tanstack/react-query';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { call, keys } from '../../../api';
import { PAGE_ROUTES, type FunnelListItem } from '../../../model';
import { Button, Inline, LockIcon, styles as s } from '../../../ui';
import { DetailsSummary, Facts } from './DetailsSummary';
import * as d from './details-drawer.css';

/** The funnel's page paths by ID (only what the summary shows); under the pages key, so page writes refresh it. */
function usePagePaths(funnelId: number) {
  return useQuery({
    queryKey: [...keys.pages(funnelId), 'paths'],
    queryFn: async () => (await call(PAGE_ROUTES.ofFunnel, { params: { id: funnelId }, notify: false })).map(({ ID, page_path }) => ({ ID, page_path })),
  });
}

/** Props of {@link FunnelDetailsDrawer}. */
export interface FunnelDetailsDrawerProps {
  funnel: FunnelListItem;
  onClose: () => void;
}

/** See {@link FunnelDetailsDrawerProps}. */
export function FunnelDetailsDrawer({ funnel: f, onClose }: FunnelDetailsDrawerProps) {
  const pages = usePagePaths(f.ID);
  const root = f.page_id == null ? undefined : (pages.data?.find((p) => p.ID === f.page_id)?.page_path ?? (pages.isPending ? '…' : `Page ${f.page_id}`));
  const state: [string, string][] = [
    ['ID', String(f.ID)],
    ['Status', f.publish_status],
    ['Locked', f.locked ? 'Yes: edits are off until it is unlocked' : 'No'],
    ['Platform', f.platform || '—'],
    ['Domain', f.domain ?? '—'],
  ];
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={d.overlay}
    >
      <Modal className={d.sheet}>
        <Dialog className={d.body} aria-labelledby="funnel-drawer-title">
          <div className={d.head}>
            <Heading slot="title" id="funnel-drawer-title" level={2} style={{ margin: 0 }}>
              {f.locked && <LockIcon />}
              {f.name}
            </Heading>
            <span className={s.spacer} />
            <Button size="sm" variant="ghost" onPress={onClose}>
              Close
            </Button>
          </div>
          <Facts label="Funnel state" rows={state} />
          <DetailsSummary funnel={f} offer={{ name: f.offer_name, offer_id: f.offer, ef_offer_id: f.ef_offer_id }} rootPage={root} />
          <Inline>
            <Link className={s.button({ variant: 'primary', size: 'sm' })} to={`/funnels/${f.ID}/details`}>
              Edit details
            </Link>
            <Link className={s.button({ variant: 'secondary', size: 'sm' })} to={`/funnels/${f.ID}/pages`}>
              Open pages
            </Link>
          </Inline>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
