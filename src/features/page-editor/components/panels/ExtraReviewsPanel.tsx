/**
 * The Extra reviews side panel of the page editor (000 §2 "Reviews and extra reviews"; §3 key
 * `extraReviews` and "Review"; §9 the full country list).
 */
import { MSG } from '../../../../model';
import type { ContentPanelProps } from './content';
import { ReviewList } from './ReviewList';

/** Props of {@link ExtraReviewsPanel}: the page, its funnel (gallery images for avatars) and the funnel's lock. */
export type ExtraReviewsPanelProps = ContentPanelProps;

/**
 * Edits the page's second review list (`extraReviews`, the same shape as `reviews`: {id,
 * avatar, user, reviewTitle, review, country?}), shown by templates in a section of its own.
 * Commands read 'Add extra review', 'Move extra review'…; empty: 'No extra reviews added'.
 */
export function ExtraReviewsPanel(props: ExtraReviewsPanelProps) {
  return <ReviewList {...props} listKey="extraReviews" title="Extra reviews" noun="extra review" emptyMessage={MSG.noExtraReviews} />;
}
