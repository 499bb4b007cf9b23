// uPlot and its stylesheet, in their own chunk: only pages that draw a chart load them (never the sign-in page or
// the streaming overlay). Load with `loadUPlot()`.
import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';

export default uPlot;
