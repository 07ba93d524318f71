import LayoutGeometry

/// The payload-free core of a flow layout: every section's store and where each section
/// starts along the scroll axis. Section positions are a prefix sum over section lengths,
/// so a change inside one section moves the ones after it in O(sections), never O(items).
struct FlowEngine: Sendable {
    var configuration: FlowConfiguration
    var sections: [FlowSectionStore] = []
    /// Main-axis origin of each section.
    var sectionStart: [Double] = []
    /// Main-axis extent of the content.
    var contentLength = 0.0

    init(configuration: FlowConfiguration) {
        self.configuration = configuration
    }

    var main: Axis { configuration.scrollDirection }

    /// Re-fills section `index` from `item` on (the caller then calls `restack`).
    mutating func refill(section index: Int, fromItem item: Int) {
        let c = configuration
        sections[index].fillLines(fromItem: item, axis: c.scrollDirection, alignment: c.alignment,
                                  compatibility: c.compatibility)
    }

    /// Recomputes section origins from `first` on.
    mutating func restack(from first: Int = 0) {
        if sectionStart.count != sections.count {
            sectionStart = Array(repeating: 0, count: sections.count)
        }
        var position = first > 0 && first <= sections.count ? sectionStart[first - 1] + sections[first - 1].length : 0
        for index in max(first, 0)..<sections.count {
            sectionStart[index] = position
            position += sections[index].length
        }
        contentLength = position
    }

    /// A rect from main/cross coordinates.
    @inline(__always)
    func rect(main position: Double, mainLength: Double, cross: Double, crossLength: Double) -> Rect {
        main == .vertical
            ? Rect(x: cross, y: position, width: crossLength, height: mainLength)
            : Rect(x: position, y: cross, width: mainLength, height: crossLength)
    }

    /// The cross extent of the content (headers and footers span it).
    var contentCross: Double { FlowSectionMetrics.contentCross(configuration) }

    /// The frame of item `item` of section `s`, whose line is `line`.
    @inline(__always)
    func frame(section s: Int, item: Int, line: Int) -> Rect {
        let store = sections[s]
        let cross = main.cross
        let length = min(store.length(of: item, along: cross), store.metrics.available)
        let thickness = store.length(of: item, along: main)
        let origin = sectionStart[s] + store.lineMain[line] + (store.lineThickness[line] - thickness) / 2
        return rect(main: origin, mainLength: thickness, cross: store.itemCross[item], crossLength: length)
    }
}
