// swift-tools-version: 6.0
// A package of its own that checks its own FrameConverter with
// FrameBench's check harness, in process: swift run check-my-converter.
import PackageDescription

let package = Package(
    name: "CheckingPackage",
    dependencies: [
        .package(name: "FrameBench", path: "../..")
    ],
    targets: [
        // The converter under check: any type conforming to FrameConverter.
        .target(name: "MyConverter", dependencies: [.product(name: "FrameBenchKit", package: "FrameBench")]),
        // Runs every check of FrameBench's harness on it; exit 1 on a failure.
        .executableTarget(
            name: "check-my-converter",
            dependencies: ["MyConverter", .product(name: "FrameBenchKit", package: "FrameBench")]),
    ],
    swiftLanguageModes: [.v6]
)
