import LayoutEngine

/// One fuzz input: the bytes as one `measure --jsonl` case, decoded and measured. Errors are
/// answers; only a crash, a sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let request = try? MeasureRequest.decode(jsonLine: bytes), let engine = FuzzEngine.value else { return 0 }
    // Long texts at tiny widths are slow, not wrong: keep one input under a second.
    guard request.text.utf16.count <= 4_096 else { return 0 }
    // Runs (attributed text) when the case gave them, the plain string otherwise.
    let measured = request.attributedText.map { try? engine.measure($0, style: request.style, width: request.width) }
        ?? (try? engine.measure(request.text, style: request.style, width: request.width))
    if let result = measured {
        _ = result.jsonLine()
    }
    return 0
}

enum FuzzEngine {
    static let value: TextEngine? = try? TextEngine.bundled()
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// The executable's entry point (see SpecFuzz): libFuzzer's driver with this target's callback.
@_cdecl("JSONLFuzz_main")
public func jsonlFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
