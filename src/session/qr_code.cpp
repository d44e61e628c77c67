#include "session/qr_code.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <qrencode.h>

namespace session {

QrCode make_qr(const std::string& text, std::string& why) {
    QrCode q;
    q.text = text;
    why.clear();
    // version 0: the smallest that holds it; 8-bit mode (a link's bytes as they are), case-sensitive
    QRcode* c = QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M);
    if (!c) {
        why = core::trf("the link is too long for a QR code (%zu characters; at most about {=2300}): copy the link",
                        text.size());
        return q;
    }
    q.width = c->width;
    q.on.resize(size_t(c->width) * size_t(c->width));
    for (size_t k = 0; k < q.on.size(); ++k) q.on[k] = c->data[k] & 1;   // bit 0: dark
    QRcode_free(c);
    return q;
}

}   // namespace session
