# The static site behind nginx, proxying the api.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.json ./
# The shared rules are built by npm ci's prepare step (both the api and the site use them).
COPY shared shared
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN REDISMS_DISABLE_POSTINSTALL=1 npm ci --no-audit --no-fund
COPY frontend frontend
RUN npm run build -w frontend

FROM nginx:1.27-alpine
COPY infra/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
