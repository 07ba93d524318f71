import LayoutGeometry

/// Measures self-sizing items (UIKit's `preferredLayoutAttributesFitting(_:)`).
///
/// The layout calls it with an item's payload and the room the item may use: the cross-axis
/// extent available to items of its section (the width when scrolling vertically) and no
/// limit along the scroll axis. The answer is rounded up to the configuration's `scale`,
/// clamped to the available room (with a warning), and replaces the estimate.
///
/// Conformers must be `Sendable` and may be called from any thread; a text engine implements
/// it by measuring the payload's text at `availableWidth`.
public protocol FlowItemSizer<Payload>: Sendable {
    /// The payload type the sizer understands.
    associatedtype Payload: Sendable
    /// The size of the item described by `request`. A size that is not finite and positive
    /// is refused: the estimate is kept and a warning reported.
    func size(for request: FlowSizingRequest<Payload>) -> Size
}

/// What a ``FlowItemSizer`` is asked to measure.
public struct FlowSizingRequest<Payload: Sendable>: Sendable {
    /// The item's payload.
    public var payload: Payload?
    /// Where the item is.
    public var indexPath: IndexPath
    /// The width the item may take, or `nil` for no limit (horizontal scrolling).
    public var availableWidth: Double?
    /// The height the item may take, or `nil` for no limit (vertical scrolling).
    public var availableHeight: Double?
    /// The size the item is laid out at until measured.
    public var estimate: Size

    /// Creates a request.
    public init(payload: Payload?, indexPath: IndexPath, availableWidth: Double?, availableHeight: Double?,
                estimate: Size) {
        self.payload = payload
        self.indexPath = indexPath
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
        self.estimate = estimate
    }
}

/// A sizer made from a closure (tests, or UIKit-style `sizeForItemAt` code computed late).
public struct FlowClosureSizer<Payload: Sendable>: FlowItemSizer {
    let body: @Sendable (FlowSizingRequest<Payload>) -> Size

    /// Wraps `body`.
    public init(_ body: @escaping @Sendable (FlowSizingRequest<Payload>) -> Size) {
        self.body = body
    }

    public func size(for request: FlowSizingRequest<Payload>) -> Size { body(request) }
}
