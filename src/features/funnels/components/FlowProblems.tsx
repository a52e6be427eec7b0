/**
 * The list of a funnel's pre-publish problems (the pre-publish check of
 * src/model/flow-check.ts): each an error or warning icon with its level in words, the
 * message, and a way to the page — a link to the page editor, or `onSelectPage` (the flow
 * diagram focuses the page's node instead of leaving).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { FlowProblem } from '../../../model';
import { Box, Button, styles as s, vars } from '../../../ui';

/** Props of {@link FlowProblems}. */
export interface FlowProblemsProps {
  /** What flowProblems found, errors first (its order is kept). */
  problems: readonly FlowProblem[];
  /** The funnel the pages belong to: links go to /funnels/{funnelId}/pages/{pageId}. */
  funnelId: number;
  /** When given, pressing a problem's page action calls it with the page's ID instead of following the link. */
  onSelectPage?: (pageId: number) => void;
}

/** The text shown when the check finds nothing. */
export const NO_FLOW_PROBLEMS = 'No problems found: the funnel is ready to publish';

/** A level's icon: a filled circle with '!' (error) or a triangle (warning); decorative, the level is also written. */
function LevelIcon({ level }: { level: FlowProblem['level'] }) {
  return (
    <svg
      aria-hidden="true"
      width={14}
      height={14}
      viewBox="0 0 16 16"
      style={{ flex: 'none', marginTop: 3, color: level === 'error' ? vars.color.danger : vars.color.warning }}
    >
      {level === 'error' ? (
        <>
          <circle cx="8" cy="8" r="8" fill="currentColor" />
          <path d="M7 3.5h2v6H7zM7 11h2v2H7z" fill="#fff" />
        </>
      ) : (
        <>
          <path d="M8 0.8 15.5 15H0.5z" fill="currentColor" />
          <path d="M7 5.5h2v5H7zM7 11.5h2v2H7z" fill="#fff" />
        </>
      )}
    </svg>
  );
}

/** One problem: icon, level, message and the way to its page. */
function ProblemItem({ problem, funnelId, onSelectPage }: { problem: FlowProblem } & Omit<FlowProblemsProps, 'problems'>) {
  const messageId = useId();
  const { pageId } = problem;
  return (
    <Box as="li" display="flex" gap="sm" alignItems="flex-start" paddingY={2}>
      <LevelIcon level={problem.level} />
      <Box flex={1}>
        <span className={`${s.badge} ${problem.level === 'error' ? s.tone.danger : s.tone.warning}`}>{problem.level === 'error' ? 'Error' : 'Warning'}</span>{' '}
        <span id={messageId}>{problem.message}</span>
        {pageId != null &&
          (onSelectPage ? (
            <>
              {' '}
              <Button variant="ghost" size="sm" aria-describedby={messageId} onPress={() => onSelectPage(pageId)}>
                Show page
              </Button>
            </>
          ) : (
            <>
              {' '}
              <Link to={`/funnels/${funnelId}/pages/${pageId}`} aria-describedby={messageId}>
                Open page
              </Link>
            </>
          ))}
      </Box>
    </Box>
  );
}

/** See {@link FlowProblemsProps}. An empty list says {@link NO_FLOW_PROBLEMS}. */
export function FlowProblems({ problems, funnelId, onSelectPage }: FlowProblemsProps) {
  if (!problems.length) return <p role="status">{NO_FLOW_PROBLEMS}</p>;
  return (
    <Box as="ul" aria-label="Pre-publish problems" listStyle="none" padding="none" margin="none">
      {problems.map((p, i) => (
        <ProblemItem key={`${p.code}-${p.pageId ?? 'funnel'}-${i}`} problem={p} funnelId={funnelId} onSelectPage={onSelectPage} />
      ))}
    </Box>
  );
}
