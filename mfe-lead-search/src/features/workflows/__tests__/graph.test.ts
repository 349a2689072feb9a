import { canConnect, looseNodes, nextNodeId, nodeFieldOf, wouldCycle } from '../graph';
import type { WorkflowNode } from '../api/getWorkflows';

const node = (id: string, kind: WorkflowNode['kind'] = 'filter'): WorkflowNode => ({
  id,
  kind,
  position: { x: 0, y: 0 },
  settings: {},
});
const nodes = [node('t', 'trigger'), node('a'), node('b'), node('c')];

describe('workflow graph rules', () => {
  it('finds the nodes the trigger does not reach', () => {
    expect(
      looseNodes(nodes, [
        { source: 't', target: 'a' },
        { source: 'a', target: 'b' },
      ]),
    ).toEqual(['c']);
    expect(looseNodes(nodes, [{ source: 'b', target: 'c' }])).toEqual(['a', 'b', 'c']);
    expect(looseNodes([node('a')], [])).toEqual(['a']);
  });

  it('refuses loops, duplicates and edges into the trigger', () => {
    const edges = [
      { source: 't', target: 'a' },
      { source: 'a', target: 'b' },
    ];
    expect(wouldCycle(edges, 'b', 'a')).toBe(true);
    expect(wouldCycle(edges, 'b', 'c')).toBe(false);
    expect(canConnect(nodes, edges, 'b', 'a')).toBe(false);
    expect(canConnect(nodes, edges, 't', 'a')).toBe(false);
    expect(canConnect(nodes, edges, 'a', 't')).toBe(false);
    expect(canConnect(nodes, edges, 'b', 'c')).toBe(true);
    expect(canConnect(nodes, edges, 'c', 'c')).toBe(false);
  });

  it('numbers new nodes and maps an API field to its node', () => {
    expect(nextNodeId(nodes)).toBe('n1');
    expect(nextNodeId([node('n1'), node('n7')])).toBe('n8');
    expect(nodeFieldOf('nodes.2.settings.location', nodes)).toEqual({ nodeId: 'b', setting: 'location' });
    expect(nodeFieldOf('nodes.9.settings.location', nodes)).toBeNull();
    expect(nodeFieldOf('name', nodes)).toBeNull();
  });
});
