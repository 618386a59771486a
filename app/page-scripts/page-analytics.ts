import { startAnalytics } from "~/lib/analytics-sink";

startAnalytics();
