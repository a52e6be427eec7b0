/** The status slice's query: `GET /api/health`, parsed, every 10 s. */
import { useQuery } from '@tanstack/react-query';
import { keys, requestParsed } from '../../api';
import { HealthSchema } from '../../model';

/** `GET /api/health`, parsed. @throws ApiError, AnswerShapeError */
export const fetchHealth = () => requestParsed(HealthSchema, 'GET', '/api/health');

export const useHealth = () => useQuery({ queryKey: keys.health, queryFn: fetchHealth, refetchInterval: 10_000 });
