/**
 * The Reviews side panel of the page editor (000 §2 "Reviews and extra reviews"; §3 key
 * `reviews` and "Review"; §9 the full country list).
 */
import { MSG } from '../../../../model';
import type { ContentPanelProps } from './content';
import { ReviewList } from './ReviewList';

/** Props of {@link ReviewsPanel}: the page, its funnel (gallery images for avatars) and the funnel's lock. */
export type ReviewsPanelProps = ContentPanelProps;

/**
 * Edits the page's customer reviews (`reviews`: list of {id, avatar, user, reviewTitle,
 * review, country?}; `review_header` is read as the title of older reviews and replaced by
 * `reviewTitle` when the title is edited). The review body is rich text (lexical) stored as
 * sanitized HTML. Add ('Add review'), edit, remove, reorder by mouse or keyboard (one `move`
 * op, 'Move review'); empty: 'No reviews added'.
 */
export function ReviewsPanel(props: ReviewsPanelProps) {
  return <ReviewList {...props} listKey="reviews" title="Reviews" noun="review" emptyMessage={MSG.noReviews} />;
}
