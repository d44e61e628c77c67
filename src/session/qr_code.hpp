// A link as a QR code (libqrencode, from Debian's source package): drawn in presentation mode large enough to scan
// from the back of a lecture hall (app/parts/qr_panel.cpp), and printed beside each step of a worksheet (session/worksheet.hpp).
#pragma once
#include <string>
#include <vector>

namespace session {

struct QrCode {
    int width = 0;                   // modules a side (0: none)
    std::vector<unsigned char> on;   // width × width, row by row: 1 for a dark module
    std::string text;                // what it encodes
};

// The code of `text` (error correction level M), or width 0 with why not in `why` (too long for any version).
QrCode make_qr(const std::string& text, std::string& why);

}   // namespace session
