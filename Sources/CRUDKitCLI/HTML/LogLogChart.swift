import Foundation

/// An SVG line chart with logarithmic axes: one line and its points per series, ticks at
/// powers of ten with labels, and a legend. It draws only what it is given that a log axis can
/// show: points with a zero, negative, infinite or NaN coordinate are left out, a series with
/// one point is drawn as that point, and a chart with none says so instead of drawing axes.
///
/// The SVG has no `xmlns` (HTML does not need it, and the page names no URL at all) and styles
/// itself with attributes, so it looks the same inside any page, or cut out into a `.svg` file
/// once the namespace is added.
struct LogLogChart {
    /// One line of the chart.
    struct Series {
        /// The name in the legend.
        var name: String
        /// The measured points, in any order.
        var points: [(x: Double, y: Double)]
        /// Drawn dashed: a reference (a C baseline) rather than one of the measured subjects.
        var dashed = false
        /// Which colour of ``palette``; the caller keeps it the same for one name on every chart.
        var colorIndex = 0
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    /// How a tick's value is written on the x axis.
    var xTick: (Double) -> String = { LogLogChart.compact($0) }
    /// How a tick's value is written on the y axis.
    var yTick: (Double) -> String = { LogLogChart.compact($0) }

    /// Colours that stay apart for readers with the common colour-vision deficiencies (Okabe-Ito).
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442"]

    private static let width = 560.0
    private static let height = 360.0
    /// The plot area inside the frame: room on the left for y labels, below for x labels, and
    /// on the right for the legend.
    private static let plot = (left: 78.0, top: 34.0, right: 400.0, bottom: 300.0)

    /// The points of `series` that a log axis can show, sorted by x.
    static func drawable(_ series: Series) -> [(x: Double, y: Double)] {
        series.points.filter { $0.x.isFinite && $0.y.isFinite && $0.x > 0 && $0.y > 0 }.sorted { $0.x < $1.x }
    }

    /// The chart as an `<svg>` element, for a page.
    func svg() -> String {
        let drawn = series.map { (series: $0, points: Self.drawable($0)) }.filter { !$0.points.isEmpty }
        var out =
            "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" width=\"\(Int(Self.width))\" "
            + "height=\"\(Int(Self.height))\" font-family=\"system-ui, sans-serif\" font-size=\"12\">\n"
        out += "<title>\(Markup.escape(title))</title>\n"
        // Its own white ground, so that the dark text reads on a dark page too.
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(Int(Self.width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
        out += "\(Markup.escape(title))</text>\n"
        let allPoints = drawn.flatMap(\.points)
        guard let xs = Axis(allPoints.map(\.x)), let ys = Axis(allPoints.map(\.y)) else {
            out += "<text x=\"\(Int(Self.width / 2))\" y=\"\(Int(Self.height / 2))\" text-anchor=\"middle\">no measurement to draw</text>\n"
            return out + "</svg>"
        }
        let plot = Self.plot
        func x(_ value: Double) -> String { Self.number(plot.left + xs.fraction(value) * (plot.right - plot.left)) }
        func y(_ value: Double) -> String { Self.number(plot.bottom - ys.fraction(value) * (plot.bottom - plot.top)) }

        // Grid and ticks.
        out += "<g class=\"axes\" stroke=\"#d0d7de\" stroke-width=\"1\">\n"
        for tick in xs.ticks { out += "<line x1=\"\(x(tick))\" y1=\"\(plot.top)\" x2=\"\(x(tick))\" y2=\"\(plot.bottom)\"/>\n" }
        for tick in ys.ticks { out += "<line x1=\"\(plot.left)\" y1=\"\(y(tick))\" x2=\"\(plot.right)\" y2=\"\(y(tick))\"/>\n" }
        out += "<rect x=\"\(plot.left)\" y=\"\(plot.top)\" width=\"\(plot.right - plot.left)\" height=\"\(plot.bottom - plot.top)\" "
        out += "fill=\"none\" stroke=\"#57606a\"/>\n</g>\n"
        out += "<g class=\"ticks\" fill=\"#1b1f24\">\n"
        for tick in xs.ticks {
            out +=
                "<text class=\"x-tick\" x=\"\(x(tick))\" y=\"\(plot.bottom + 16)\" text-anchor=\"middle\">\(Markup.escape(xTick(tick)))</text>\n"
        }
        for tick in ys.ticks {
            out += "<text class=\"y-tick\" x=\"\(plot.left - 6)\" y=\"\(y(tick))\" text-anchor=\"end\" dominant-baseline=\"middle\">"
            out += "\(Markup.escape(yTick(tick)))</text>\n"
        }
        out += "<text x=\"\(Self.number((plot.left + plot.right) / 2))\" y=\"\(plot.bottom + 40)\" text-anchor=\"middle\">"
        out += "\(Markup.escape(xLabel))</text>\n"
        let middle = Self.number((plot.top + plot.bottom) / 2)
        out +=
            "<text x=\"16\" y=\"\(middle)\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(middle))\">\(Markup.escape(yLabel))</text>\n"
        out += "</g>\n"

        // One group per series: its line when it has two points or more, and its points.
        for (series, points) in drawn {
            let color = Self.palette[series.colorIndex % Self.palette.count]
            out += "<g class=\"series\" data-series=\"\(Markup.escape(series.name))\" stroke=\"\(color)\" fill=\"\(color)\">\n"
            if points.count > 1 {
                let coordinates = points.map { "\(x($0.x)),\(y($0.y))" }.joined(separator: " ")
                let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
                out += "<polyline points=\"\(coordinates)\" fill=\"none\" stroke-width=\"2\"\(dash)/>\n"
            }
            for point in points {
                out += "<circle cx=\"\(x(point.x))\" cy=\"\(y(point.y))\" r=\"3.5\"><title>"
                out +=
                    "\(Markup.escape(series.name)): \(Markup.escape(xTick(point.x))), \(Markup.escape(yTick(point.y)))</title></circle>\n"
            }
            out += "</g>\n"
        }

        // The legend, beside the plot: every series given, even one with nothing to draw.
        out += "<g class=\"legend\">\n"
        for (index, series) in self.series.enumerated() {
            let color = Self.palette[series.colorIndex % Self.palette.count]
            let top = plot.top + 8 + Double(index) * 20
            let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
            let missing = Self.drawable(series).isEmpty ? " (no data)" : ""
            out += "<line x1=\"\(plot.right + 14)\" y1=\"\(Self.number(top))\" x2=\"\(plot.right + 40)\" y2=\"\(Self.number(top))\" "
            out += "stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
            out += "<text x=\"\(plot.right + 46)\" y=\"\(Self.number(top))\" dominant-baseline=\"middle\">"
            out += "\(Markup.escape(series.name + missing))</text>\n"
        }
        out += "</g>\n"
        return out + "</svg>"
    }

    /// One logarithmic axis: whole decades that hold every value, and a tick at each.
    private struct Axis {
        let low: Double
        let high: Double
        let ticks: [Double]

        /// Nil when there is no value.
        init?(_ values: [Double]) {
            guard let smallest = values.min(), let largest = values.max() else { return nil }
            var low = floor(log10(smallest))
            var high = ceil(log10(largest))
            if high <= low {
                low -= 0.5
                high += 0.5
            }
            self.low = low
            self.high = high
            // A tick per decade, or per second or third decade when there are many.
            let step = max(1.0, ceil((high - low) / 8))
            ticks = stride(from: ceil(low), through: high, by: step).map { pow(10, $0) }
        }

        /// Where `value` sits, from 0 at the low end to 1 at the high end.
        func fraction(_ value: Double) -> Double { (log10(value) - low) / (high - low) }
    }

    /// A coordinate with one decimal, never in exponent notation.
    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// 10, 100, 1k, 10k, 1M: a power of ten in few characters.
    static func compact(_ value: Double) -> String {
        switch value {
        case 1e6...: String(format: "%gM", value / 1e6)
        case 1e3...: String(format: "%gk", value / 1e3)
        default: String(format: "%g", value)
        }
    }

    /// A time in seconds as `1 ns`, `10 µs`, `100 ms` or `1 s`.
    static func duration(_ seconds: Double) -> String {
        switch seconds {
        case 1...: String(format: "%g s", seconds)
        case 1e-3...: String(format: "%g ms", seconds * 1e3)
        case 1e-6...: String(format: "%g µs", seconds * 1e6)
        default: String(format: "%g ns", seconds * 1e9)
        }
    }
}
