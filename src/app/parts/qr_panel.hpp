// The class's QR code (qr=1, key Q): in presentation mode, the run's link as a QR code beside the views, for the class
// to open on their phones, with the link under it. The link holds the keys that follow it to a phone
// (PageKey::to_phone: not the lecturer's presentation, scale or the code itself).
#pragma once
#include "app/frame/host.hpp"
#include "app/controls/page_key.hpp"
#include "app/controls/part.hpp"
#include "session/qr_code.hpp"
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

class QrPanel : public Part {
public:
    QrPanel(Stage& stage, const Host& host, const PageKeys& keys) : stage_(stage), host_(host), keys_(keys) {}
    std::vector<PageKey> keys() override;   // qr=0|1, state().qr
    bool on() const { return on_; }
    std::string link() const;   // the link the code holds: the page's address and the phone's query
    void draw(ImVec2 size);     // the code and the link under it

private:
    std::string show(bool on);   // "" or why there is no code

    Stage& stage_;
    const Host& host_;
    const PageKeys& keys_;
    bool on_ = false;
    session::QrCode code_;   // of the link last drawn
    std::string why_;        // why there is no code
};

}   // namespace app
