// parse-prometheus-text-format ships no declarations; the shape its parse() returns (one entry per metric family).
declare module 'parse-prometheus-text-format' {
  interface Sample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
